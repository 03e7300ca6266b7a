/**
 * Why a single sign-on ended back on the sign-in page (`/login?error=<reason>`); the web app says
 * each in words. `sso_user_not_found` is the spec's (§8).
 */
export const SSO_ERRORS = [
  'sso_user_not_found',
  'sso_user_disabled',
  'sso_tenant_disabled',
  'sso_not_configured',
  'sso_state',
  'sso_code',
  'sso_token',
  'sso_email_unverified',
  'sso_ambiguous',
  'sso_denied',
  'sso_provider',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
