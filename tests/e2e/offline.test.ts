import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyTaskDetail } from '../../contract/api/mytasks';
import { axeFindings } from './axe';
import { baseUrl, fileBrowser } from './harness';
import { api, archivedAfterAll, publishTask, signIn, signInApi, sydneyDay } from './journey';

/*
 * My Tasks on a phone with a weak signal (issue 30): the app installs, opens offline, keeps a
 * completion made offline (with its photo) across a reload, sends it once when the network is
 * back, and says why one was refused when the task expired meanwhile.
 */

const { open } = fileBrowser();
const published = archivedAfterAll();
const SHOTS = path.resolve('test-results', 'e2e', 'offline');

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const PNG = {
  name: 'cold-store.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** A phone's page (390 px wide unless told) with the service worker on: these journeys are about it. */
async function phone(name: string, width = 390): Promise<{ context: BrowserContext; page: Page }> {
  const page = await open(name, { viewport: { width, height: 844 }, serviceWorkers: 'allow' });
  return { context: page.context(), page };
}

/** HH:mm in Sydney, `minutes` from now. */
function sydneyTime(minutes: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Australia/Sydney',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));
}

/** As owner@acme.test: a plain Task for Sydney CBD, today, with the given evidence and expiry. */
const publishCheck = (title: string, opts: { photos?: number; due?: string; expiry?: string } = {}) =>
  publishTask(published, {
    type: 'Task',
    title,
    description: '<p>Check the cold store and photograph the thermometer.</p>',
    start_date: sydneyDay(0),
    due_date: sydneyDay(0),
    due_time: opts.due ?? '23:59',
    ...(opts.expiry ? { expiry: opts.expiry } : {}),
    evidence: { comment: false, photos: opts.photos ?? 0, files: 0 },
  });

/** Signs staff in and opens today's My Tasks with the service worker in control of the page. */
async function openDayControlled(page: Page, title: string): Promise<void> {
  await signIn(page, 'staff@acme.test');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The worker learns whose answers these are from a verify it sees: load once under its control.
  await page.goto('/task');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole('button', { name: title }).first().waitFor({ timeout: 15_000 });
}

/**
 * Opens the task once online (its details are kept for reading offline), cuts the network and
 * opens it again: answers the drawer, ready to complete offline.
 */
async function openTaskThenGoOffline(context: BrowserContext, page: Page, title: string) {
  const drawer = page.getByTestId('task-drawer');
  await page.getByRole('button', { name: title }).first().click();
  await drawer.getByText('photograph the thermometer').waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await context.setOffline(true);
  await page.getByRole('button', { name: title }).first().click();
  await drawer.getByText('photograph the thermometer').waitFor();
  return drawer;
}

/** Completes the open drawer's task offline; answers its queued item, waiting to send. */
async function markDoneOffline(page: Page, drawer: Locator, title: string) {
  await drawer.getByRole('button', { name: 'Mark as done' }).click();
  await drawer.waitFor({ state: 'hidden' });
  const queued = page.getByTestId('queued-completion').filter({ hasText: title });
  await queued.getByText('Waiting to send').waitFor();
  return queued;
}

/** As the owner: a CSV of `bytes` stored as a task file; answers its hash. */
async function uploadAsOwner(name: string, bytes: number): Promise<string> {
  const token = await signInApi('owner@acme.test');
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(bytes, 'shelf;count\n')], { type: 'text/csv' }), name);
  const res = await fetch(`${baseUrl()}/api/user/task/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { hash: string } }).data.hash;
}

/** The assignment of Sydney CBD's task, as staff sees it. */
async function assignmentOf(taskId: number): Promise<number> {
  const token = await signInApi('staff@acme.test');
  const detail = await api<MyTaskDetail>('/api/user/task/get', token, {
    query: { task_id: taskId, date: sydneyDay(0) },
  });
  return detail.assignment.assignment_id;
}

/** Whether the person's cache on the phone holds an answer whose address contains `part`. */
const keptOnPhone = (page: Page, part: string) =>
  page.evaluate(async (part) => {
    for (const name of await caches.keys()) {
      if (!name.startsWith('storeline-person-')) continue;
      const keys = await (await caches.open(name)).keys();
      if (keys.some((request) => request.url.includes(part))) return true;
    }
    return false;
  }, part);

/** The task's submissions as the server holds them (staff's view through the API). */
async function submissionsOf(taskId: number) {
  const token = await signInApi('staff@acme.test');
  const detail = await api<MyTaskDetail>('/api/user/task/get', token, {
    query: { task_id: taskId, date: sydneyDay(0) },
  });
  return detail.submissions;
}

describe('offline (issue 30)', () => {
  it('installs: a manifest with name and icons, a service worker in control, and the shell opening offline', async () => {
    const { context, page } = await phone('offline-install');
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: 'Storeline',
      short_name: 'Storeline',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = (manifest.icons as { sizes: string; type: string; purpose?: string }[]).map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons as { src: string }[]) {
      const res = await page.request.get(`/${icon.src}`);
      expect(res.headers()['content-type']).toBe('image/png');
    }

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl()}/`);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto('/password/forgot');
    await page.locator('input[name="username"], input[type="email"]').first().waitFor();
  });

  it('keeps a completion with a photo made offline across a reload and sends it once when back online', async () => {
    const title = `Cold store check ${Date.now()}`;
    const taskId = await publishCheck(title, { photos: 1 });
    const { context, page } = await phone('offline-queue');
    await openDayControlled(page, title);
    const drawer = await openTaskThenGoOffline(context, page, title);
    const banner = page.getByTestId('offline-banner');
    await banner.getByText('You are offline').waitFor();
    await drawer.getByLabel('Take photo').setInputFiles(PNG);
    await drawer.getByText('Kept on this phone; sent with the completion').waitFor();
    const queued = await markDoneOffline(page, drawer, title);
    await banner.getByText('1 completion waiting to send').waitFor();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, `offline-queued-${width}.png`) });
      expect(await axeFindings(page, `offline /task at ${width}px`)).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // Reloaded with no network: the app, the day and the queued item (with its photo) are still there.
    await page.reload();
    await banner.getByText('You are offline').waitFor({ timeout: 15_000 });
    await queued.getByText('Waiting to send').waitFor();
    expect(await queued.locator('img').count()).toBe(1);
    expect(await submissionsOf(taskId)).toEqual([]);

    await context.setOffline(false);
    await queued.waitFor({ state: 'detached', timeout: 20_000 });
    const submissions = await submissionsOf(taskId);
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.attachments.map((a) => a.kind)).toEqual(['photo']);
  });

  it('opens and completes offline a task of the day never opened online; a file above the limit is for online (issue 44)', async () => {
    const title = `Walk-in freezer check ${Date.now()}`;
    const [small, large] = [
      await uploadAsOwner('freezer-log.csv', 20_000),
      await uploadAsOwner('planogram.csv', 6 * 1024 * 1024),
    ];
    const taskId = await publishTask(published, {
      type: 'Task',
      title,
      description: '<p>Check the cold store and photograph the thermometer.</p>',
      start_date: sydneyDay(0),
      due_date: sydneyDay(0),
      due_time: '23:59',
      evidence: { comment: false, photos: 0, files: 0 },
      checklist: ['Read the thermometer', 'Close the door'],
      attachments: [small, large],
    });
    const assignment = await assignmentOf(taskId);
    const { context, page } = await phone('offline-day-ahead');
    await openDayControlled(page, title);
    // Loading the day is enough: its tasks and small files come onto the phone unasked.
    await expect.poll(() => keptOnPhone(page, `assignment_id=${assignment}`), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => keptOnPhone(page, `hash=${small}`), { timeout: 20_000 }).toBe(true);
    expect(await keptOnPhone(page, `hash=${large}`)).toBe(false);

    // No signal, the app started again: the task was never opened, yet its drawer has it all.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').getByText('You are offline').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: title }).first().click();
    const drawer = page.getByTestId('task-drawer');
    await drawer.getByText('photograph the thermometer').waitFor();
    await drawer.getByText('freezer-log.csv', { exact: true }).waitFor();
    const largeFile = drawer.getByTestId('file-online-only');
    await largeFile.getByText('planogram.csv').waitFor();
    await largeFile.getByText('Available when you are online', { exact: false }).waitFor();
    expect(await drawer.getByRole('button', { name: /planogram/ }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Download freezer-log.csv' }).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: path.join(SHOTS, `offline-day-ahead-${width}.png`) });
      expect(await axeFindings(page, `offline drawer at ${width}px`)).toEqual([]);
    }
    // Completed at 1280 px: narrowing the window under an open drawer hides it from assistive
    // technology (the menu's drawer opens for a moment on the way), which a phone never does.
    await drawer.getByRole('checkbox', { name: 'Read the thermometer' }).check();
    await drawer.getByRole('checkbox', { name: 'Close the door' }).check();
    const queued = await markDoneOffline(page, drawer, title);
    expect(await submissionsOf(taskId)).toEqual([]);

    await context.setOffline(false);
    await queued.waitFor({ state: 'detached', timeout: 20_000 });
    const submissions = await submissionsOf(taskId);
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.checklist).toEqual([true, true]);
  });

  it('stores a completion replayed twice once', async () => {
    const title = `Replayed check ${Date.now()}`;
    const taskId = await publishCheck(title);
    const { page } = await phone('offline-replay');
    await openDayControlled(page, title);
    const token = await signInApi('staff@acme.test');
    const detail = await api<MyTaskDetail>('/api/user/task/get', token, {
      query: { task_id: taskId, date: sydneyDay(0) },
    });
    const body = { assignment_id: detail.assignment.assignment_id, client_id: crypto.randomUUID() };
    const answers = await page.evaluate(
      async ({ body, token }) => {
        const send = () =>
          fetch('/api/user/task/complete', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'x-requested-with': 'XMLHttpRequest',
            },
            body: JSON.stringify(body),
          }).then(async (r) => ({ status: r.status, text: await r.text() }));
        return [await send(), await send()];
      },
      { body, token },
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]!.text).toBe(answers[0]!.text);
    expect(await submissionsOf(taskId)).toHaveLength(1);
  });

  it('shows why a queued completion was refused when its task expired meanwhile, and keeps it until dismissed', async () => {
    // At least half a minute to open the day and complete it offline before the task expires.
    const minutes = new Date().getSeconds() < 30 ? 1 : 2;
    const expiresAt = Math.floor((Date.now() + minutes * 60_000) / 60_000) * 60_000;
    const expiry = sydneyTime(minutes);
    if (expiry < sydneyTime(0)) return; // midnight in Sydney: the day would change under the test
    const title = `Expiring check ${Date.now()}`;
    await publishCheck(title, { due: sydneyTime(0), expiry });
    const { context, page } = await phone('offline-expired');
    await openDayControlled(page, title);
    const drawer = await openTaskThenGoOffline(context, page, title);
    const queued = await markDoneOffline(page, drawer, title);

    // Back online only after the task expired.
    await page.waitForTimeout(Math.max(expiresAt - Date.now() + 2000, 0));
    await context.setOffline(false);
    await queued.getByText('Not accepted').waitFor({ timeout: 20_000 });
    await queued.getByText('The task expired before this could be sent.').waitFor();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: path.join(SHOTS, `offline-refused-${width}.png`), fullPage: true });
      expect(await axeFindings(page, `refused item at ${width}px`)).toEqual([]);
    }
    await queued.getByRole('button', { name: `Dismiss ${title}` }).click();
    await queued.waitFor({ state: 'detached' });
  }, 240_000);
  it('signs out on a shared phone only after sending the queue or asking, and leaves no cache of the person', async () => {
    const title = `Shared phone check ${Date.now()}`;
    const taskId = await publishCheck(title);
    const { context, page } = await phone('offline-sign-out', 1280);
    await openDayControlled(page, title);
    const personCaches = () =>
      page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('storeline-person-')));
    expect(await personCaches()).toHaveLength(1);

    const drawer = await openTaskThenGoOffline(context, page, title);
    const queued = await markDoneOffline(page, drawer, title);

    const signOut = async () => {
      await page.getByRole('button', { name: /account/i }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
    };
    await signOut();
    const question = page.getByRole('dialog', { name: 'Completions not sent yet' });
    await question.waitFor();
    expect(await axeFindings(page, 'sign-out question')).toEqual([]);
    await question.getByRole('button', { name: 'Stay signed in' }).click();
    await question.waitFor({ state: 'hidden' });

    await context.setOffline(false);
    await queued.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await submissionsOf(taskId)).toHaveLength(1);
    await page.keyboard.press('Escape');
    await signOut();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(personCaches).toEqual([]);
  });
});
