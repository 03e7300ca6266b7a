import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MyTaskDetail } from '../../contract/api/mytasks';
import type { HierarchyNode } from '../../contract/api/session';
import { baseUrl, DEMO_PASSWORD, newPage, openBrowser, screenshotOnFailure } from './harness';

/**
 * The review loop (issue 12) and the reports (issue 13) in a browser: head office asks Sydney CBD
 * for a compliance check that needs approval; staff send it; the area manager sends it back with
 * a reason, the store sees the reason and sends it again, the area manager approves it, and the
 * compliance grid shows it done. Then the owner downloads a report as XLSX and the file opens.
 */

let browser: Browser;
const pages: Page[] = [];
const published: number[] = [];

beforeAll(async () => {
  browser = await openBrowser();
});
beforeEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});
afterAll(async () => {
  await browser?.close();
  if (published.length === 0) return;
  const token = await signInApi('owner@acme.test');
  for (const id of published) await api('/api/admin/task/archive', token, { method: 'POST', body: { id } });
});

async function api<T>(
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

async function signInApi(username: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

function findNode(nodes: readonly HierarchyNode[], name: string): HierarchyNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const found = findNode(node.children ?? [], name);
    if (found) return found;
  }
  return undefined;
}

function sydneyDay(offset: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function open(name: string): Promise<Page> {
  const page = await newPage(browser);
  pages.push(page);
  screenshotOnFailure(page, name);
  return page;
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

/** As the owner: a compliance check for Sydney CBD, due tomorrow, that needs approval. */
async function publishCheck(title: string): Promise<number> {
  const token = await signInApi('owner@acme.test');
  const verify = await api<{ hierarchy: HierarchyNode[] }>('/api/user/verify', token);
  const store = findNode(verify.hierarchy, 'Sydney CBD')!;
  const types = await api<{ data: { id: number; name: string }[] }>('/api/task/types/list', token);
  const created = await api<{ id: number }>('/api/admin/task/create', token, {
    method: 'POST',
    body: {
      title,
      description: '<p>Check that every fire exit is clear and its sign is lit.</p>',
      type_id: types.data.find((t) => t.name === 'Task')!.id,
      start_date: sydneyDay(0),
      start_time: '00:00',
      due_date: sydneyDay(1),
      due_time: '23:00',
      targets: { include: [store.id] },
      evidence: { comment: true, photos: 0, files: 0 },
      approval: true,
      compliance: true,
    },
  });
  published.push(created.id);
  await api('/api/admin/task/publish', token, { method: 'POST', body: { id: created.id } });
  return created.id;
}

describe('Audit: send back, redo, approve', () => {
  it('the area manager sends a completion back, the store redoes it, the area manager approves it', async () => {
    const title = `Fire exits clear (${Date.now()})`;
    const taskId = await publishCheck(title);
    const staff = await signInApi('staff@acme.test');
    const day = await api<{ data: { tasks: { assignment_id: number; title: string }[] }[] }>(
      `/api/user/task/date?datetime=${sydneyDay(0)}&timezone=Australia/Sydney`,
      staff,
    );
    const assignmentId = day.data.flatMap((g) => g.tasks).find((c) => c.title === title)!.assignment_id;
    await api('/api/user/task/complete', staff, {
      method: 'POST',
      body: { assignment_id: assignmentId, comment: 'All exits clear.' },
    });

    const manager = await open('audit-send-back');
    await signIn(manager, 'area@acme.test');
    await manager.goto(`/audit/task?q=${encodeURIComponent(title)}`);
    await manager.getByRole('button', { name: title }).click();
    await manager.getByTestId('audit-submission').filter({ hasText: 'Sydney CBD' }).click();
    const dialog = manager.getByRole('dialog', { name: title });
    await dialog.getByText('All exits clear.').waitFor();
    await dialog.getByRole('button', { name: 'Send back' }).click();
    const reject = manager.getByRole('dialog', { name: 'Send back for another try' });
    await reject
      .getByRole('textbox', { name: /What needs fixing/ })
      .fill('The exit by the loading dock is blocked by pallets.');
    await reject.getByRole('button', { name: 'Send back' }).click();
    await reject.waitFor({ state: 'hidden' });

    // The store sees why, at once, and sends it again.
    const store = await open('audit-store-sees-reason');
    await signIn(store, 'staff@acme.test');
    await store.goto(`/task?assignment=${assignmentId}`);
    await store
      .getByTestId('task-drawer')
      .getByText(/loading dock is blocked/)
      .first()
      .waitFor();
    await api('/api/user/task/complete', staff, {
      method: 'POST',
      body: { assignment_id: assignmentId, comment: 'Pallets moved; all exits clear.' },
    });

    await manager.goto(`/audit/task?q=${encodeURIComponent(title)}&open=${taskId}`);
    await manager.getByTestId('audit-submission').filter({ hasText: 'Sydney CBD' }).click();
    const second = manager.getByRole('dialog', { name: title });
    await second.getByText('Pallets moved; all exits clear.').waitFor();
    await second.getByText('Attempt 2').first().waitFor();
    await second.getByRole('button', { name: 'Approve' }).click();
    await manager.getByText('Nothing waits for review here', { exact: false }).waitFor();

    const detail = await api<MyTaskDetail>(`/api/user/task/get?assignment_id=${assignmentId}`, staff);
    expect(detail.assignment).toMatchObject({ status: 'approved', attempt: 2 });
    expect(detail.submissions.map((s) => s.review?.decision)).toEqual(['rejected', 'approved']);

    // The compliance grid shows the check done at Sydney CBD.
    await manager.goto(`/task/compliance?from=${sydneyDay(0)}&to=${sydneyDay(2)}`);
    await manager.getByRole('gridcell', { name: 'Sydney CBD · Done on time' }).first().waitFor();
  });
});

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
    await page.getByLabel('From', { exact: true }).fill(sydneyDay(-6));
    await page.getByLabel('To', { exact: true }).fill(sydneyDay(3));
    await page.waitForURL((url) => url.searchParams.get('from') === sydneyDay(-6));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'XLSX' }).click();
    const file = await download;
    const path = await file.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Group');
    expect(sheet.getRow(2).getCell(2).value).toBe('All tasks');
  });
});
