import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoIdentityProvider, startDemoIdentityProvider } from '../../server/cli/demoIdentityProvider';
import { axeFindings } from './axe';
import { baseUrl, fileBrowser } from './harness';
import { api, signIn, signInApi, tokenCookie } from './journey';

/**
 * Single sign-on in Chromium against a real OpenID Connect provider (oidc-provider, running in this
 * process with its own login page): the owner sets the provider up on /settings, then signs in
 * through it from the sign-in page; an address Storeline does not know comes back with the spec's
 * error. The provider is switched off again at the end, as the other journeys sign in with passwords.
 */

const OWNER = 'owner@acme.test';
const CLIENT_ID = 'storeline-e2e';
const CLIENT_SECRET = 'storeline-e2e-secret';
const PROVIDER = 'Acme Login';

const { open } = fileBrowser();
let idp: DemoIdentityProvider;

beforeAll(async () => {
  idp = await startDemoIdentityProvider({
    port: 0,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`${baseUrl()}/api/sso/callback`],
  });
});
afterAll(async () => {
  // Leave Acme signing in with passwords for the journeys after this file.
  await api('/api/sso/config', await signInApi(OWNER), {
    method: 'PUT',
    body: {
      enabled: false,
      provider_name: '',
      issuer: '',
      client_id: '',
      email_domains: [],
      sso_only: false,
      break_glass_usernames: [],
      create_users: { enabled: false, node_id: null, role_id: null },
    },
  });
  await idp?.close();
});

/** Types the address, leaves the field, and follows "Continue with …" to the provider's page. */
async function continueWithProvider(page: Page, email: string, by: 'mouse' | 'keyboard' = 'mouse') {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  if (by === 'keyboard') {
    // Enter in the address field with no password goes to the domain's provider.
    await page.locator('input[name="username"]').press('Enter');
  } else {
    await page.locator('input[name="username"]').press('Tab');
    await page.getByRole('link', { name: `Continue with ${PROVIDER}` }).click();
  }
  await page.waitForURL((url) => url.origin === idp.issuer, { timeout: 15_000 });
  // The provider's own login page: any password, the login is the e-mail.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.origin === baseUrl() && !url.pathname.startsWith('/api/'), {
    timeout: 15_000,
  });
}

describe('single sign-on', () => {
  it('the owner sets up the provider on /settings', async () => {
    const page = await open('sso-settings');
    await signIn(page, OWNER);
    await page.goto('/settings');
    const card = page.getByTestId('sso-settings');
    await card.getByLabel('Provider name').waitFor({ timeout: 15_000 });
    await expect(card.getByTestId('sso-callback-url').textContent()).resolves.toBe(
      `${baseUrl()}/api/sso/callback`,
    );
    await card.getByLabel('Sign people in through the identity provider').check();
    await card.getByLabel('Provider name').fill(PROVIDER);
    await card.getByLabel('Issuer').fill(idp.issuer);
    await card.getByRole('button', { name: 'Test the provider' }).click();
    await card.getByRole('status').getByText('The provider answers').waitFor({ timeout: 15_000 });
    await card.getByLabel('Client ID').fill(CLIENT_ID);
    await card.getByLabel('Client secret').fill(CLIENT_SECRET);
    await card.getByLabel('E-mail domains').fill('acme.test');
    await card.getByRole('button', { name: 'Save single sign-on' }).click();
    await page.getByText('Single sign-on saved').waitFor({ timeout: 15_000 });
    // The secret is stored, never shown again.
    await expect(card.getByLabel('Client secret').inputValue()).resolves.toBe('');
    await card.getByText('A secret is stored (encrypted)').waitFor();
    // The card with everything shown (the new people's place and role too) reads right to axe.
    await card.getByLabel('Add people on their first sign-in').check();
    await card.getByLabel('Role').waitFor();
    expect(await axeFindings(page, 'settings, single sign-on card')).toEqual([]);
  });

  it('the sign-in page offering the provider passes axe at both widths', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await open(`sso-login-${viewport.width}`, { viewport });
      await page.goto('/login');
      await page.locator('input[name="username"]').fill(OWNER);
      await page.locator('input[name="username"]').press('Tab');
      await page.getByRole('link', { name: `Continue with ${PROVIDER}` }).waitFor();
      expect(await axeFindings(page, `login with single sign-on at ${viewport.width}`)).toEqual([]);
    }
  });

  it('owner@acme.test signs in through the provider and lands on the dashboard', async () => {
    const page = await open('sso-owner');
    await continueWithProvider(page, OWNER, 'keyboard');
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
    const token = await tokenCookie(page);
    expect(token?.value).toMatch(/^\d+\./);
    await page
      .getByRole('button', { name: /Olivia/ })
      .first()
      .waitFor({ timeout: 15_000 });
  });

  it('an address Storeline does not know lands on the spec’s error, signed out', async () => {
    const page = await open('sso-unknown');
    await continueWithProvider(page, 'nobody@acme.test');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('error')).toBe('sso_user_not_found');
    await page.getByText('Your single sign-on account is not linked to a Storeline user').waitFor();
    expect(await tokenCookie(page)).toBeUndefined();
  });
});
