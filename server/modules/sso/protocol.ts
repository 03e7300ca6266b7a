// The OpenID Connect side of single sign-on, all of it through openid-client: discovery, the
// authorization address with state, nonce and an S256 PKCE challenge, and the code exchange that
// verifies the ID token (signature by the issuer's keys, issuer, audience, nonce, expiry).
import * as client from 'openid-client';

export const SSO_SCOPES = 'openid email profile';
const TIMEOUT_SECONDS = 10;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Loopback addresses may be plain http (a provider on the same machine); everything else is https. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why an issuer address cannot be used, or undefined when it can. */
export function issuerProblem(issuer: string): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'The issuer must be an address such as https://login.example.com.';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return 'The issuer must start with https:// (plain http only for a provider on this machine).';
}

/** The issuer's discovery document, read into a client configuration. */
export async function discover(settings: ProviderSettings): Promise<client.Configuration> {
  const url = new URL(settings.issuer);
  return client.discovery(url, settings.clientId, settings.clientSecret, undefined, {
    timeout: TIMEOUT_SECONDS,
    // The ID token's signature is checked against the issuer's published keys even though it came
    // straight from the token endpoint (openid-client would otherwise rely on TLS alone).
    execute: [
      client.enableNonRepudiationChecks,
      ...(url.protocol === 'http:' ? [client.allowInsecureRequests] : []),
    ],
  });
}

export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newChecks(): LoginChecks {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

export async function authorizationUrl(
  config: client.Configuration,
  redirectUri: string,
  checks: LoginChecks,
  loginHint: string | undefined,
): Promise<string> {
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: SSO_SCOPES,
    response_type: 'code',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (loginHint) parameters.login_hint = loginHint;
  return client.buildAuthorizationUrl(config, parameters).href;
}

export interface SignedInClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

/**
 * Exchanges the code the provider sent back and returns who the verified ID token names. The
 * e-mail comes from the ID token, or from the userinfo endpoint (for the token's subject) when the
 * provider leaves it out of the token.
 */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  checks: LoginChecks,
): Promise<SignedInClaims> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new client.ClientError('The provider sent no ID token.');
  let email = typeof claims.email === 'string' ? claims.email : undefined;
  let verified = isVerified(claims);
  if (!email) {
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    email = typeof info.email === 'string' ? info.email : undefined;
    verified = isVerified(info);
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    subject: claims.sub,
    email,
    emailVerified: verified,
    givenName: text(claims.given_name) ?? text(claims.name),
    familyName: text(claims.family_name),
  };
}

/**
 * Whether the provider vouches for the address: `email_verified` (OpenID Connect, Okta, Google), or
 * Entra ID's `xms_edov` (the address's domain is verified by its owner), which Entra sends instead
 * when the tenant adds it as an optional claim.
 */
function isVerified(claims: Record<string, unknown>): boolean {
  const yes = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';
  return yes(claims.email_verified) || yes(claims.xms_edov);
}

export type ProtocolError = client.ClientError | client.ResponseBodyError | client.AuthorizationResponseError;

export function isProtocolError(err: unknown): err is ProtocolError {
  return (
    err instanceof client.ClientError ||
    err instanceof client.ResponseBodyError ||
    err instanceof client.AuthorizationResponseError
  );
}
