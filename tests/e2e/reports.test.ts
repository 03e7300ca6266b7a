import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './harness';
import { signIn, sydneyDay, sydneyPattern, typeDay } from './journey';

/**
 * The reports (issue 13) in a browser: the owner goes through the six reports, sets a range of
 * their own (kept in the address) and downloads the report as XLSX, which must open.
 */

const { open } = fileBrowser();

describe('Reports', () => {
  it('the owner opens each report, changes the range and downloads an XLSX that opens', async () => {
    const page = await open('reports-xlsx');
    await signIn(page, 'owner@acme.test');
    await page.goto('/report');
    await page.waitForURL((url) => url.pathname === '/report/overall');
    for (const tab of [
      'Completion & first time right',
      'Trend',
      'States & areas',
      'Stores & areas',
      'Team members',
      'Overall',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    }
    // The range of one's own is typed in the session's pattern (Sydney: DD/MM/YYYY) and kept in
    // the address as YYYY-MM-DD; both must stay, though the page redraws after the first.
    await typeDay(page, 'From', sydneyDay(-6));
    await typeDay(page, 'To', sydneyDay(3));
    await page.waitForURL(
      (url) => url.searchParams.get('from') === sydneyDay(-6) && url.searchParams.get('to') === sydneyDay(3),
    );
    expect(await page.getByRole('group', { name: 'From', exact: true }).textContent()).toContain(
      sydneyPattern(sydneyDay(-6)),
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'XLSX' }).click();
    const file = await download;
    // Saved under the server's name for it (Content-Disposition), not one the page made up.
    expect(file.suggestedFilename()).toBe(`overall-${sydneyDay(-6)}-to-${sydneyDay(3)}.xlsx`);
    const path = await file.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Group');
    expect(sheet.getRow(2).getCell(2).value).toBe('All tasks');
  });
});
