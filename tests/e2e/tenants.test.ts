import { describe, expect, it } from 'vitest';
import { fileBrowser, resetLinkFor } from './harness';
import { seen, signIn, submitSignIn } from './journey';

/**
 * Onboarding a tenant end to end: the platform operator creates "Initech", its first administrator
 * takes the invitation from the outbox, chooses a password, signs in, renames Workspace to
 * "Branch" and changes the primary colour, and sees both at once without a reload. Only the new
 * tenant is changed, so Acme's and Globex's terms and theme stay as other journeys expect them.
 */

const { open } = fileBrowser();
// One e2e server serves every run of this file's journeys; a suffix keeps re-runs apart.
const suffix = Date.now().toString(36).slice(-5);
const IDENTIFIER = `initech-${suffix}`;
const ADMIN = `bill.lumbergh.${suffix}@initech.test`;
const PASSWORD = 'initech-tps-report-1';
const PRIMARY = '#0b6e4f';

describe('tenant onboarding', () => {
  it('the operator creates Initech; its administrator sets a password, renames Workspace and recolours it live', async () => {
    const operator = await open('tenants-operator');
    await signIn(operator, 'operator@admin.test');
    await operator.waitForURL((url) => url.pathname === '/tenant-management');
    // Other journeys add stores to Acme, so only the limit is fixed; the count is at least the 12 demo stores.
    const usage = operator
      .getByRole('row')
      .filter({ hasText: 'Acme Retail' })
      .getByText(/^\d+ \/ 50$/);
    await usage.waitFor();
    expect(Number((await usage.textContent())?.split(' / ')[0])).toBeGreaterThanOrEqual(12);

    await operator.getByRole('link', { name: 'New tenant' }).click();
    await operator.waitForURL((url) => url.pathname === '/tenant-management/create');
    await operator.getByRole('textbox', { name: 'Name', exact: true }).fill('Initech');
    await expect(
      operator.getByRole('textbox', { name: 'Identifier', exact: true }).inputValue(),
    ).resolves.toBe('initech');
    await operator.getByRole('textbox', { name: 'Identifier', exact: true }).fill(IDENTIFIER);
    await operator.getByRole('textbox', { name: 'E-mail', exact: true }).fill(ADMIN);
    await operator.getByRole('spinbutton', { name: 'Active workspaces limit' }).fill('25');
    await operator.getByRole('button', { name: 'Save' }).click();
    await seen(operator, `An invitation to choose a password was sent to ${ADMIN}`);
    await operator.waitForURL((url) => url.pathname === '/tenant-management');
    const row = operator.getByRole('row').filter({ hasText: IDENTIFIER });
    await row.getByText('0 / 25').waitFor();
    await expect(row.getByText('Active').count()).resolves.toBe(1);

    // The invitation: choose a password from the e-mailed link, then sign in with it.
    const admin = await open('tenants-admin');
    const link = await resetLinkFor(ADMIN);
    await admin.goto(link);
    await admin.locator('input[name="password"]').fill(PASSWORD);
    await admin.locator('input[name="confirm"]').fill(PASSWORD);
    await admin.getByRole('button', { name: 'Save new password' }).click();
    await admin.waitForURL((url) => url.pathname === '/login');
    await signIn(admin, ADMIN, PASSWORD);
    await admin.getByTestId('tenant-name').filter({ hasText: 'Initech' }).waitFor({ timeout: 15_000 });
    const nav = admin.getByTestId('main-menu');
    await nav.getByRole('link', { name: 'Workspace Info' }).waitFor();

    await admin.getByRole('button', { name: 'Account' }).click();
    await admin.getByRole('menuitem', { name: 'Settings' }).click();
    await admin.waitForURL((url) => url.pathname === '/settings');
    // Anything that survives to the end proves there was no reload.
    await admin.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    const term = admin.getByRole('textbox', { name: 'A workspace is called', exact: true });
    await term.fill('Branch');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await seen(admin, 'Settings saved');
    await nav.getByRole('link', { name: 'Branch Info' }).waitFor();
    await admin.getByTestId('max-active-workspace').filter({ hasText: '0 of 25 active branches' }).waitFor();

    const primary = admin
      .getByTestId('colour-primary')
      .getByRole('textbox', { name: 'Primary', exact: true });
    await primary.fill(PRIMARY);
    await admin
      .getByTestId('colour-primary')
      .getByRole('img', { name: /^Lighter 90 %: / })
      .waitFor();
    await admin.getByRole('button', { name: 'Save theme' }).click();
    await seen(admin, 'Theme saved');
    await expect
      .poll(() =>
        admin.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--sl-primary').trim(),
        ),
      )
      .toBe(PRIMARY);
    // MUI's primary colour (an outlined button's text) follows too.
    await expect
      .poll(() =>
        admin.getByRole('button', { name: 'Upload logo' }).evaluate((b) => getComputedStyle(b).color),
      )
      .toBe('rgb(11, 110, 79)');
    await expect(nav.getByRole('link', { name: 'Branch Info' }).count()).resolves.toBe(1);
    await expect(
      admin.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).resolves.toBe(true);

    // Disabling the tenant signs its administrator out and refuses them with a clear message.
    await row.getByRole('button', { name: 'Disable' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await seen(operator, 'Initech is disabled and its users are signed out');
    await admin.reload();
    await admin.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await submitSignIn(admin, ADMIN, PASSWORD);
    await seen(admin, 'Your organisation’s account is disabled');
  });

  it('a tenant administrator cannot open tenant management', async () => {
    const page = await open('tenants-forbidden');
    await signIn(page, 'owner@acme.test');
    await page.goto('/tenant-management');
    await page.waitForURL((url) => url.pathname === '/forbidden');
  });
});
