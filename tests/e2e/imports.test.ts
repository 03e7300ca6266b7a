import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileBrowser, screenshotOnFailure } from './harness';
import { signIn } from './journey';

/**
 * Issue 14, end to end: the owner opens the people import from the users list, uploads an XLSX of
 * 200 people of which 3 rows are wrong, sees those 3 errors in the check, uploads the corrected
 * file, runs it and finds one of the new people in the users list. The addresses carry this run's
 * stamp, so the journey can run again on the same database and needs no other file's data.
 */

const { open } = fileBrowser();
/** One page walks through the import, test by test. */
let page: Page;
const stamp = Date.now().toString(36);
const PEOPLE = 200;
const FILE = `people-${stamp}.xlsx`;
const HEADER = ['first_name', 'last_name', 'email', 'role', 'node', 'extra_positions', 'send_invite'];
const emailOf = (i: number) => `import.${i}.${stamp}@acme.test`;
/** One person with a name no other run has, to look for afterwards. */
const FOUND = 57;
const FOUND_LAST = `Imported${stamp}`;

/** The three wrong rows, by their number in the spreadsheet (the header is row 1). */
const BAD: Record<number, { column: string; value: string }> = {
  12: { column: 'email', value: 'not-an-address' },
  80: { column: 'role', value: 'Chief Juggler' },
  151: { column: 'node', value: 'Atlantis' },
};

async function workbook(withMistakes: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  sheet.addRow(HEADER);
  for (let i = 1; i <= PEOPLE; i++) {
    const row = [
      i === FOUND ? 'Quinn' : `Person${i}`,
      i === FOUND ? FOUND_LAST : `Batch${stamp}`,
      emailOf(i),
      'Team Member',
      i % 2 ? 'NSW-001' : 'New South Wales / Sydney Metro / Parramatta',
      '',
      'no',
    ];
    // Spreadsheet row i + 1 holds person i.
    const bad = withMistakes ? BAD[i + 1] : undefined;
    if (bad) row[HEADER.indexOf(bad.column)] = bad.value;
    sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(name: string, withMistakes: boolean) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: XLSX, buffer: await workbook(withMistakes) });
}

describe('importing people from a spreadsheet', () => {
  it('the owner opens the import from the users list', async () => {
    page = await open('imports-open', { keep: true });
    await signIn(page, 'owner@acme.test');
    await page.goto('/admin/user');
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/user/import');
    await page.getByText('Drag a CSV or Excel file here').waitFor();
  });

  it('uploads 200 people and sees the 3 wrong rows by row and column', async () => {
    screenshotOnFailure(page, 'imports-check');
    await upload(FILE, true);
    await page.waitForURL((url) => url.searchParams.get('file') === FILE, { timeout: 30_000 });
    await page.getByRole('heading', { name: FILE }).waitFor();
    await expect(page.getByTestId('import-check-counts').textContent()).resolves.toContain('197 to create');
    const errors = page.getByTestId('import-error');
    await errors.first().waitFor();
    const found = await errors.evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent)),
    );
    expect(found).toEqual(Object.entries(BAD).map(([row, { column }]) => [row, column]));
    await expect(errors.nth(1).textContent()).resolves.toContain('Chief Juggler');
    // The preview marks the same cells.
    const preview = page.getByRole('table', { name: 'Preview' });
    await expect(preview.locator('td[aria-invalid="true"]').count()).resolves.toBe(3);
  });

  it('uploads the corrected file, runs it and sees the outcome', async () => {
    screenshotOnFailure(page, 'imports-run');
    // The same name again is kept beside the first, under the next free name.
    const corrected = FILE.replace('.xlsx', ' (2).xlsx');
    await upload(FILE, false);
    await page.waitForURL((url) => url.searchParams.get('file') === corrected, { timeout: 30_000 });
    await page.getByRole('heading', { name: corrected }).waitFor();
    await expect(page.getByTestId('import-check-counts').textContent()).resolves.toContain('200 to create');
    await expect(page.getByTestId('import-error').count()).resolves.toBe(0);

    const panel = page.getByRole('region', { name: 'Run the import' });
    await expect(panel.getByRole('radio', { name: /All or nothing/ }).isChecked()).resolves.toBe(true);
    await panel.getByRole('button', { name: 'Run import' }).click();
    const outcome = panel.getByTestId('import-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    const text = await outcome.textContent();
    expect(text).toContain('Imported');
    expect(text).toMatch(/Created\s*200/);
    await outcome.getByRole('button', { name: 'Download result (CSV)' }).waitFor();

    // A reload comes back to the same file and its outcome.
    await page.reload();
    await page.getByTestId('import-outcome').waitFor({ timeout: 15_000 });
  });

  it('finds one of the new people in the users list', async () => {
    screenshotOnFailure(page, 'imports-find');
    await page.goto('/admin/user');
    await page.getByPlaceholder('Search').fill(FOUND_LAST);
    const row = page.getByRole('row', { name: new RegExp(emailOf(FOUND).replaceAll('.', '\\.')) });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.textContent()).resolves.toContain(`Quinn ${FOUND_LAST}`);
    await expect(row.textContent()).resolves.toContain('Team Member');
  });
});
