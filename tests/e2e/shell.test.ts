import { describe, expect, it } from 'vitest';
import { baseUrl, fileBrowser, resetLinkFor } from './harness';
import { menuLabels, pathOf, signIn, submitSignIn, tokenCookie } from './journey';

/**
 * Journeys through the web shell against the built product and a fresh demo database: sign-in per
 * role, the password flows, sign-out, the permission guard and the mobile layout.
 */

const { open } = fileBrowser();

// The placeholder modules have no module id, so every customer-tenant role sees them.
const PLACEHOLDERS = [
  'Library',
  'Observation',
  'Idea',
  'Feedback',
  'Barometer',
  'Barometer Management',
  'Customer Orders',
];
const SURVEY = ['Survey', 'Survey Management'];

/**
 * Administrator, Area Manager and Store Manager all read dashboard, every task module, actions
 * (issue 49), audit, inspections and reports; administrators and area managers also the form templates (issue 48).
 */
const managerMenu = (term: string, formTemplates = true) => [
  'Dashboard',
  'My Tasks',
  'Task Management',
  'Compliance',
  'Actions',
  'Audit By Task',
  `Audit By ${term}`,
  'Inspections',
  ...(formTemplates ? ['Form templates'] : []),
  'Reports',
  ...PLACEHOLDERS,
  `${term} Info`,
  ...SURVEY,
];

/** Expected menus from the roles in server/modules/tenants/defaults.ts. */
const MENUS: { user: string; role: string; landing: string; menu: string[]; tenant: string }[] = [
  {
    user: 'operator@admin.test',
    role: 'Platform Operator',
    landing: '/tenant-management',
    menu: ['Tenant'],
    tenant: 'Storeline Platform',
  },
  {
    user: 'owner@acme.test',
    role: 'Administrator',
    landing: '/dashboard',
    menu: managerMenu('Store'),
    tenant: 'Acme Retail',
  },
  {
    user: 'area@acme.test',
    role: 'Area Manager',
    landing: '/dashboard',
    menu: managerMenu('Store'),
    tenant: 'Acme Retail',
  },
  {
    user: 'store@acme.test',
    role: 'Store Manager',
    landing: '/dashboard',
    menu: managerMenu('Store', false),
    tenant: 'Acme Retail',
  },
  {
    user: 'staff@acme.test',
    role: 'Team Member',
    landing: '/task',
    menu: ['My Tasks', 'Compliance', 'Actions', ...PLACEHOLDERS, 'Store Info', ...SURVEY],
    tenant: 'Acme Retail',
  },
  {
    user: 'owner@globex.test',
    role: 'Administrator',
    landing: '/dashboard',
    menu: managerMenu('Branch'),
    tenant: 'Globex Stores',
  },
];

describe('web shell journeys', () => {
  for (const { user, role, landing, menu, tenant } of MENUS) {
    it(`${user} (${role}) lands on ${landing} and sees only the menu the role allows`, async () => {
      const page = await open(`menu-${user}`);
      await signIn(page, user);
      await page.waitForURL((url) => url.pathname === landing, { timeout: 15_000 });
      expect(await menuLabels(page)).toEqual(menu);
      await expect(page.getByTestId('tenant-name').textContent()).resolves.toBe(tenant);
    });
  }

  it('wears the tenant theme: Acme red app bar and colour variables', async () => {
    const page = await open('theme-acme');
    await signIn(page, 'owner@acme.test');
    const bar = page.locator('header').first();
    await bar.waitFor();
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(183, 28, 28)');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--sl-primary').trim(),
    );
    expect(primary).toBe('#c62828');
    const shade = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--sl-bg-primary-light').trim(),
    );
    expect(shade).toBe('#b71c1ccc');
  });

  it('forces reset@acme.test to /password/change, then lets them into the app', async () => {
    const page = await open('forced-reset');
    await signIn(page, 'reset@acme.test');
    expect(pathOf(page)).toBe('/password/change');
    // Every other page sends them back while the reset is pending.
    await page.goto('/task');
    await page.waitForURL((url) => url.pathname === '/password/change');
    await page.locator('input[name="password"]').fill('a-brand-new-password');
    await page.locator('input[name="confirm"]').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/task', { timeout: 15_000 });
    expect(await menuLabels(page)).toContain('My Tasks');
    // The flag is gone for good: /password/change now sends them on (via /login, which has a token) into the app.
    await page.goto('/password/change');
    await page.waitForURL((url) => url.pathname === '/task', { timeout: 15_000 });
  });

  it('resets a forgotten password from the e-mailed link: the new one works, the old one does not', async () => {
    // Not a person of DEMO_LANGUAGES: the languages journeys sign them in with the demo password.
    const email = 'charlotte.williams.3@acme.test';
    const page = await open('forgot-password');
    await page.goto('/password');
    await page.waitForURL((url) => url.pathname === '/password/forgot');
    await page.locator('input[name="username"]').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL((url) => url.pathname === '/password/forgotEmailSent');
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const link = await resetLinkFor(email);
    expect(link).toContain('/password/reset/');
    await page.goto(link);
    await page.locator('input[name="password"]').fill('charlotte-new-secret');
    await page.locator('input[name="confirm"]').fill('charlotte-new-secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Sign in with your new password').waitFor();

    await submitSignIn(page, email);
    await page.getByText('Incorrect username or password').waitFor();
    expect(pathOf(page)).toBe('/login');

    await signIn(page, email, 'charlotte-new-secret');
    await page.waitForURL((url) => url.pathname === '/task', { timeout: 15_000 });

    // The link is single-use.
    await page.context().clearCookies();
    await page.goto(link);
    await page.locator('input[name="password"]').fill('another-secret-1');
    await page.locator('input[name="confirm"]').fill('another-secret-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password update failed' }).waitFor();
  });

  it('signs out: the cookie is cleared and the app asks to sign in again', async () => {
    const page = await open('logout');
    await signIn(page, 'owner@acme.test');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const cookie = await tokenCookie(page);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    // 365 days, give or take the seconds the test took.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await tokenCookie(page)).toBeUndefined();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');

    // The old token no longer opens anything on the server either.
    const verify = await fetch(`${baseUrl()}/api/user/verify`, {
      headers: { authorization: `Bearer ${cookie!.value}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(verify.status).toBe(401);
  });

  it('sends staff@acme.test from /admin/user to /forbidden', async () => {
    const page = await open('forbidden');
    await signIn(page, 'staff@acme.test');
    await page.goto('/admin/user');
    await page.waitForURL((url) => url.pathname === '/forbidden', { timeout: 15_000 });
    await expect(page.getByTestId('forbidden').textContent()).resolves.toContain('Access denied');
    // Unknown paths are a not-found page inside the layout, menu and all.
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await page.getByTestId('main-menu').waitFor();
  });

  it('uses the mobile layout at 767 px: the menu is a drawer behind the app-bar button', async () => {
    const page = await open('mobile', { viewport: { width: 767, height: 900 } });
    await signIn(page, 'store@acme.test');
    await page.locator('.sl-mobile').waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('main-menu').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByTestId('main-menu');
    await nav.waitFor();
    await nav.getByRole('link', { name: 'Store Info' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace');
    // Picking a destination closes the drawer.
    await nav.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 768, height: 900 });
    await page.locator('.sl-desktop').waitFor();
    await page.getByTestId('main-menu').waitFor();
  });
});
