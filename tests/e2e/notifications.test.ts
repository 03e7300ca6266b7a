import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HierarchyNode } from '../../contract/api/session';
import { axeFindings } from './axe';
import { newPage, openBrowser, screenshotOnFailure } from './harness';
import { api, findNode, signIn, signInApi, sydneyDay } from './journey';

/**
 * Issue 29: head office publishes an urgent recall for Sydney CBD; the server's job tells the
 * store's people, and the bell in staff@acme.test's app bar lights up with it. Opening the notice
 * takes them to the task. The task is archived at the end, so no other file meets its modal.
 */

let browser: Browser;
let page: Page | undefined;
const published: number[] = [];

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  const token = await signInApi('owner@acme.test');
  for (const id of published) await api('/api/admin/task/archive', token, { method: 'POST', body: { id } });
});

async function publishUrgent(title: string): Promise<number> {
  const token = await signInApi('owner@acme.test');
  const verify = await api<{ hierarchy: HierarchyNode[] }>('/api/user/verify', token);
  const store = findNode(verify.hierarchy, 'Sydney CBD');
  const types = await api<{ data: { id: number; name: string }[] }>('/api/task/types/list', token);
  const urgent = types.data.find((t) => t.name === 'Urgent');
  if (!store || !urgent) throw new Error('the demo tenant lacks Sydney CBD or the Urgent type');
  const created = await api<{ id: number }>('/api/admin/task/create', token, {
    method: 'POST',
    body: {
      title,
      description: '<p>Take every jar of batch 77 off the shelf.</p>',
      type_id: urgent.id,
      start_date: sydneyDay(-1),
      start_time: '00:00',
      due_date: sydneyDay(1),
      due_time: '23:00',
      targets: { include: [store.id] },
      evidence: { comment: false, photos: 0, files: 0 },
    },
  });
  published.push(created.id);
  await api('/api/admin/task/publish', token, { method: 'POST', body: { id: created.id } });
  return created.id;
}

/** The staff member's notice of `title`, once the server's job has made it (workers poll every 2 s). */
async function waitForNotice(title: string): Promise<void> {
  const token = await signInApi('staff@acme.test');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const list = await api<{ data: { task_title: string }[] }>('/api/notification/list?unread=true', token);
    if (list.data.some((n) => n.task_title === title)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`staff@acme.test was not told of "${title}" within 30 s`);
}

it('a new urgent task lights the bell for staff@acme.test, and its notice opens the task', async () => {
  const title = `Recall ${Date.now()}: batch 77 jam`;
  await publishUrgent(title);
  await waitForNotice(title);

  page = await newPage(browser);
  screenshotOnFailure(page, 'notifications-bell');
  await signIn(page, 'staff@acme.test');
  // The urgent reminder opens first; later.
  const modal = page.getByRole('dialog', { name: 'Urgent tasks' });
  await modal.getByRole('button', { name: 'Later' }).click();
  await modal.waitFor({ state: 'hidden' });

  const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
  await bell.waitFor({ timeout: 15_000 });
  const before = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  await bell.click();
  const list = page.getByRole('dialog', { name: 'Notifications' });
  const item = list.getByRole('button', { name: new RegExp(`Urgent at Sydney CBD: ${title}`) });
  await item.waitFor();
  expect(await axeFindings(page, 'open bell')).toEqual([]);

  await item.click();
  await page.waitForURL((url) => url.pathname === '/task' && url.searchParams.has('assignment'));
  await page.getByTestId('task-drawer').getByText('batch 77', { exact: false }).first().waitFor();
  // Read now: the bell counts one fewer (behind the open drawer, which hides the bar from the accessibility tree).
  await page
    .locator(`button[aria-label="Notifications, ${before - 1} unread"]`)
    .waitFor({ state: 'attached' });
});
