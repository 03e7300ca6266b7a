import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { VerifyData } from '../../contract/api/session';
import type { SsoConfigData } from '../../contract/api/sso';
import { THEME_KEYS } from '../../contract/constants';
import { adminVerify } from './fixtures';
import { server } from './msw';
import { renderRoute } from './renderApp';

/** The default theme, as the theme list answers it and verify carries it. */
export const defaultTheme = THEME_KEYS.map((k) => ({
  id: k.id,
  key: k.key,
  value: k.default,
  default: k.default,
}));

/** The settings page's owner: Acme's administrator with the default theme. */
export const settingsOwner = (over: Partial<VerifyData> = {}): VerifyData =>
  adminVerify({ theme: defaultTheme, ...over });

/** Single sign-on as a tenant that has not set it up has it. */
export const SSO_UNSET: SsoConfigData = {
  enabled: false,
  provider_name: '',
  issuer: '',
  client_id: '',
  client_secret_set: false,
  client_secret_opens: true,
  email_domains: [],
  sso_only: false,
  break_glass_usernames: [],
  create_users: { enabled: false, node_id: null, role_id: null },
  callback_url: 'https://storeline.example/api/sso/callback',
};

/**
 * The settings page's cards answered plainly (no modules, no roles, no SSO, no API tokens; msw.ts
 * answers the webhooks and SCIM cards), so that a test serves only the card it is about after this.
 */
export function serveSettingsPage(): void {
  server.use(
    http.get('*/api/setting/get', () =>
      HttpResponse.json({
        status: 200,
        data: { terms: {}, modules: [], week_starting_day: 1, max_active_workspace: 5, active_workspaces: 1 },
      }),
    ),
    http.get('*/api/theme/list', () => HttpResponse.json({ status: 200, data: { data: defaultTheme } })),
    http.get('*/api/role/list', () => HttpResponse.json({ status: 200, data: { data: [], total: 0 } })),
    http.get('*/api/sso/config', () => HttpResponse.json({ status: 200, data: SSO_UNSET })),
    http.get('*/api/token/list', () => HttpResponse.json({ status: 200, data: [] })),
  );
}

/**
 * Opens the settings page as someone who may read the settings but not change them, and waits for
 * the theme card: it is decided by the same permission check, from the same session, so the cards
 * for `setting.update` would be there by then.
 */
export async function openAsSettingsReader(): Promise<void> {
  const owner = settingsOwner();
  renderRoute(
    '/settings',
    settingsOwner({
      modules: owner.modules.map((m) => (m.id === 'setting' ? { ...m, capabilities: ['read'] } : m)),
    }),
  );
  await screen.findByText('Brand colours');
}
