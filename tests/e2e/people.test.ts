import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, fileBrowser, screenshotOnFailure } from './harness';
import { menuLabels, pathOf, signIn } from './journey';

/**
 * People and access, end to end: the owner makes a role from Store Manager and a new person with
 * it; that person signs in, must choose a password, and sees what the role opens; the owner then
 * disables them and their open session stops working. Only entities made here are changed.
 */

const { open } = fileBrowser();
const stamp = Date.now().toString(36);
const ROLE = `Shift Lead ${stamp}`;
const EMAIL = `shift.lead.${stamp}@acme.test`;
const FIRST_PASSWORD = 'shift-first-123';
const OWN_PASSWORD = 'shift-own-4567';

describe('people and access', () => {
  let owner: Page;
  let lead: Page;

  it('the owner duplicates Store Manager into a new role', async () => {
    owner = await open('people-role', { keep: true });
    await signIn(owner, 'owner@acme.test');
    await owner.goto('/admin/role');
    const row = owner.getByRole('row', { name: /Store Manager/ }).first();
    await row.getByRole('link', { name: 'Duplicate' }).click();
    await owner.waitForURL((url) => /^\/admin\/role\/create\/\d+$/.test(url.pathname));
    const name = owner.locator('input[name="name"]');
    await expect(name.inputValue()).resolves.toBe('Store Manager (copy)');
    // The copy carries the original's permissions.
    await expect(owner.getByRole('checkbox', { name: 'Audit: Update' }).isChecked()).resolves.toBe(true);
    await name.fill(ROLE);
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.waitForURL((url) => url.pathname.startsWith('/admin/role/detail/'), { timeout: 15_000 });
    await owner.getByRole('heading', { name: ROLE }).waitFor();
  });

  it('the owner creates a person with that role at a store', async () => {
    screenshotOnFailure(owner, 'people-create-user');
    await owner.goto('/admin/user/create');
    await owner.locator('input[name="firstname"]').fill('Shay');
    await owner.locator('input[name="lastname"]').fill('Lead');
    await owner.locator('input[name="email"]').fill(EMAIL);
    const place = owner.getByRole('combobox', { name: 'Place' });
    await place.fill('Bondi');
    await owner.getByRole('option', { name: /Bondi Junction/ }).click();
    await owner.getByRole('combobox', { name: 'Role' }).click();
    await owner.getByRole('option', { name: ROLE }).click();
    await owner.locator('input[name="password"]').fill(FIRST_PASSWORD);
    // "Ask for a new password at next sign-in" starts switched on.
    await expect(owner.getByLabel('Ask for a new password at next sign-in').isChecked()).resolves.toBe(true);
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.waitForURL((url) => url.pathname === '/admin/user', { timeout: 15_000 });
    await owner.getByText('Shay Lead can now sign in').waitFor();
  });

  it('the new person must choose a password, then sees the menu the role allows', async () => {
    lead = await open('people-new-user', { keep: true });
    await signIn(lead, EMAIL, FIRST_PASSWORD);
    expect(pathOf(lead)).toBe('/password/change');
    await lead.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await lead.locator('input[name="password"]').fill(OWN_PASSWORD);
    await lead.locator('input[name="confirm"]').fill(OWN_PASSWORD);
    await lead.getByRole('button', { name: 'Save and continue' }).click();
    await lead.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
    const menu = await menuLabels(lead);
    expect(menu).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'My Tasks',
        'Task Management',
        'Audit By Store',
        'Reports',
        'Store Info',
      ]),
    );
    expect(menu).not.toContain('Tenant');
    // Like a Store Manager, they may look after the people of their store, but not roles.
    await lead.goto('/admin/role');
    await lead.waitForURL((url) => url.pathname === '/forbidden', { timeout: 15_000 });
  });

  it('the owner disables them and their open session stops working', async () => {
    screenshotOnFailure(owner, 'people-disable');
    await owner.goto('/admin/user');
    await owner.getByRole('combobox', { name: 'Search in' }).click();
    await owner.getByRole('option', { name: 'E-mail' }).click();
    await owner.getByPlaceholder('Search').fill(EMAIL);
    const row = owner.getByRole('row', { name: new RegExp(EMAIL.replaceAll('.', '\\.')) });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Disable' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await owner.getByText('Shay Lead is disabled and signed out').waitFor();
    await row.getByText('Disabled').waitFor();

    // Their browser is still open; its next call to the server is refused and sends them to sign in.
    await lead.reload();
    await lead.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    const signIn = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: OWN_PASSWORD }),
    });
    expect(signIn.status).toBe(400);
    await owner.context().close();
    await lead.context().close();
  });
});
