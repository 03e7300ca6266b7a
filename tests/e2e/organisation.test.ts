import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './harness';
import { api, seen, signIn, tokenCookie } from './journey';

/**
 * The organisation journey: the owner builds an area with two new stores (one made in place, one
 * dragged in), transfers a new person between them and deactivates one; the Sydney Metro area
 * manager still sees only their own area. Everything made here has a unique name, so the demo
 * data other journeys rely on is untouched.
 */

const { open } = fileBrowser();
const suffix = Date.now().toString(36).slice(-5);
const AREA = `Harbour ${suffix}`;
const STORE_A = `Harbour North ${suffix}`;
const STORE_B = `Harbour South ${suffix}`;
const PERSON = `harbour.${suffix}@acme.test`;

/** A line of the tree: named by the node's name, then its code, state and people (", 3 people…"). */
const treeItem = (page: Page, name: string) =>
  page.getByRole('treeitem', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[ ,])`) });

async function addNode(
  page: Page,
  under: string,
  button: 'Add group' | 'Add Store',
  name: string,
  code?: string,
) {
  await treeItem(page, under).click();
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  if (code) await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await seen(page, `${name} was created`);
  await treeItem(page, name).waitFor();
}

describe('organisation', () => {
  it('the owner builds an area by creation and drag and drop, transfers a person and deactivates a store', async () => {
    const page = await open('organisation-owner');
    await signIn(page, 'owner@acme.test');
    await page.goto('/admin/hierarchy');
    await treeItem(page, 'New South Wales').waitFor();

    await addNode(page, 'New South Wales', 'Add group', AREA);
    await addNode(page, AREA, 'Add Store', STORE_A, `HBN-${suffix}`);
    // The second store starts elsewhere and is dragged into the area.
    await addNode(page, 'Victoria', 'Add Store', STORE_B, `HBS-${suffix}`);
    const areaLevel = Number(await treeItem(page, AREA).getAttribute('aria-level'));
    expect(Number(await treeItem(page, STORE_B).getAttribute('aria-level'))).toBe(areaLevel);

    await treeItem(page, STORE_B).dragTo(treeItem(page, AREA));
    const confirm = page.getByRole('dialog');
    await expect
      .poll(() => confirm.textContent(), { timeout: 10_000 })
      .toContain(`Move ${STORE_B} under ${AREA}?`);
    await confirm.getByRole('button', { name: 'Move' }).click();
    await seen(page, `${STORE_B} moved under ${AREA}`);
    await expect
      .poll(async () => Number(await treeItem(page, STORE_B).getAttribute('aria-level')), { timeout: 10_000 })
      .toBe(areaLevel + 1);

    // A new person at the first store (made through the API: the users screen is not this journey).
    const storeA = Number(await treeItem(page, STORE_A).getAttribute('data-node-id'));
    const token = (await tokenCookie(page))?.value ?? '';
    const roles = await api<{ data: { id: number; name: string }[] }>('/api/role/list', token, {
      query: { page: 1, per_page: 1000 },
    });
    const member = roles.data.find((r) => r.name === 'Team Member')!;
    await api('/api/user/create', token, {
      method: 'POST',
      body: {
        username: PERSON,
        email: PERSON,
        firstname: 'Harper',
        lastname: `Harbour ${suffix}`,
        password: 'a-long-password-1',
        force_reset: false,
        assigns: [{ node_id: storeA, role_id: member.id }],
      },
    });

    await treeItem(page, STORE_A).click();
    const people = page.getByRole('list', { name: 'People' });
    await people.getByText(`Harper Harbour ${suffix}`).waitFor();
    await page.getByRole('checkbox', { name: `Choose Harper Harbour ${suffix}` }).check();
    await page.getByRole('button', { name: 'Transfer to…' }).click();
    const transfer = page.getByRole('dialog');
    await transfer.getByRole('combobox', { name: 'Destination' }).fill(STORE_B);
    await page.getByRole('option', { name: new RegExp(STORE_B) }).click();
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await seen(page, '1 person transferred');
    await page.getByText('Nobody is positioned here.').waitFor();
    await treeItem(page, STORE_B).click();
    await people.getByText(`Harper Harbour ${suffix}`).waitFor();

    // Deactivate the second store from the store list.
    await page.goto('/admin/workspace');
    await page.getByPlaceholder('Search by name, code or place').fill(STORE_B);
    const row = page.getByRole('row').filter({ hasText: STORE_B });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await seen(page, `${STORE_B} is deactivated`);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Inactive');

    // Its detail page says so, and shows where it now sits.
    await row.getByText(STORE_B).click();
    await page.waitForURL(/\/admin\/workspace\/detail\/\d+$/);
    await page.getByText(`New South Wales › ${AREA}`).waitFor();
    expect(await page.getByText('Inactive', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('an area manager sees only Sydney Metro', async () => {
    const page = await open('organisation-area');
    await signIn(page, 'area@acme.test');
    await page.goto('/admin/workspace');
    await page.getByRole('row').filter({ hasText: 'Sydney CBD' }).waitFor();
    const areas = await page.locator('tbody td.column-location').allTextContents();
    expect(areas.length).toBeGreaterThanOrEqual(3);
    expect(new Set(areas)).toEqual(new Set(['New South Wales › Sydney Metro']));
    const names = await page.locator('tbody td.column-name').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Bondi Junction', 'Parramatta', 'Sydney CBD']));
    expect(names).not.toContain(STORE_A);
    expect(names).not.toContain('Melbourne Central');

    // Store Info shows the same part of the organisation.
    await page.goto('/workspace');
    await page.getByRole('row').filter({ hasText: 'Parramatta' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Geelong' }).count()).toBe(0);

    // The demo Area Manager organises their own area on the hierarchy screen, and sees no other.
    await page.goto('/admin/hierarchy');
    await treeItem(page, 'Sydney Metro').waitFor();
    await treeItem(page, 'Parramatta').waitFor();
    expect(await treeItem(page, 'Melbourne Metro').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin/hierarchy');
  });
});
