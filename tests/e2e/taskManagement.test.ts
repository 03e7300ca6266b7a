import { describe, expect, it } from 'vitest';
import { fileBrowser } from './harness';
import { archivedAfterAll, signIn, sydneyDay, sydneyPattern, typeTime } from './journey';

/**
 * Head office sends work (issue 10): the owner writes an urgent task for Sydney Metro that needs a
 * photo, sees in the live preview that it reaches the area's 3 stores, publishes it after the
 * confirmation, and finds it published with its assignments. The e2e server has no demo tasks;
 * the title is unique and the task is archived afterwards so no urgent modal lingers for others.
 */

const { open } = fileBrowser();
const TITLE = `Recall: oat milk 1 L, batch ${Date.now() % 100_000}`;
const published = archivedAfterAll();

describe('Task Management: an urgent task for an area', () => {
  it('the owner writes it, previews 3 stores and publishes it', async () => {
    const page = await open('task-management-publish');
    await signIn(page, 'owner@acme.test');

    await page.goto('/task/management/create');
    await page.locator('input[name="title"]').fill(TITLE);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Urgent' }).click();

    const targets = page.getByRole('combobox', { name: /areas that receive it/ });
    await targets.fill('Sydney Metro');
    await page
      .getByRole('option', { name: /Sydney Metro/ })
      .first()
      .click();
    await page.keyboard.press('Escape');

    await page.locator('input[name="evidence.photos"]').fill('1');

    // The dates and times read as a Sydney session reads them (DD/MM/YYYY, 24-hour); a due time
    // typed in the field reaches the schedule as it was typed.
    const startDate = page.getByRole('group', { name: 'Start date', exact: true });
    expect(await startDate.textContent()).toContain(sydneyPattern(sydneyDay()));
    await typeTime(page, 'Due time', '18:30');
    await expect
      .poll(async () => (await page.getByTestId('recurrence-sentence').textContent()) ?? '')
      .toContain('09:00–18:30');

    // The live preview counts the area's three stores before anything is sent.
    const preview = page.getByTestId('task-preview');
    await expect
      .poll(async () => (await preview.getByTestId('preview-stores').textContent()) ?? '', {
        timeout: 20_000,
      })
      .toMatch(/^3 stores/);

    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/3 stores/).waitFor();
    await confirm.getByRole('button', { name: 'Publish' }).click();

    await page.waitForURL((url) => /^\/task\/management\/detail\/\d+$/.test(url.pathname), {
      timeout: 20_000,
    });
    published.push(Number(new URL(page.url()).pathname.split('/').pop()));
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByText('Published', { exact: true }).first().waitFor();
    for (const store of ['Sydney CBD', 'Bondi Junction', 'Parramatta']) {
      await page.getByRole('link', { name: store }).waitFor();
    }
    await page.getByText('1 photo').first().waitFor();
    expect(await page.getByTestId('task-schedule').textContent()).toContain('09:00–18:30');

    // The list shows it too, found by its title.
    await page.goto('/task/management');
    await page.getByPlaceholder('Search tasks').fill('oat milk');
    await page.getByText(TITLE).first().waitFor({ timeout: 15_000 });
  });
});
