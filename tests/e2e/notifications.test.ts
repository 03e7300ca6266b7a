import { expect, it } from 'vitest';
import { axeFindings } from './axe';
import { baseUrl, fileBrowser } from './harness';
import { api, archivedAfterAll, publishTask, signIn, signInApi } from './journey';

/**
 * Issue 29: head office publishes an urgent recall for Sydney CBD; the server's job tells the
 * store's people, and the bell in staff@acme.test's app bar lights up with it. Opening the notice
 * takes them to the task. The task is archived at the end, so no other file meets its modal.
 */

const { open } = fileBrowser();
const published = archivedAfterAll();

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
  await publishTask(published, {
    type: 'Urgent',
    title,
    description: '<p>Take every jar of batch 77 off the shelf.</p>',
  });
  await waitForNotice(title);

  const page = await open('notifications-bell');
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

it('a web push reaches the service worker and shows as a notification that names the task', async () => {
  const phone = await open('notifications-push', {
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  const context = phone.context();
  await context.grantPermissions(['notifications'], { origin: baseUrl() });
  try {
    await signIn(phone, 'staff@acme.test');
    await phone.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // The push service's part, played by Chromium's DevTools protocol: a push message for this
    // origin's service worker, carrying what the server's push job sends (notification/push.ts).
    const cdp = await context.newCDPSession(phone);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL.startsWith(baseUrl()) && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    const payload = {
      title: 'Urgent at Sydney CBD: Recall batch 12',
      body: 'An urgent task has started at Sydney CBD: Recall batch 12.',
      link: '/task?assignment=1',
      tag: 'task.urgent:1',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseUrl()).origin,
      registrationId,
      data: JSON.stringify(payload),
    });

    const shown = await phone.waitForFunction(
      async () => {
        const reg = await navigator.serviceWorker.ready;
        const found = await reg.getNotifications({ tag: 'task.urgent:1' });
        return found.map((n) => ({ title: n.title, body: n.body, link: (n.data as { link?: string }).link }));
      },
      undefined,
      { timeout: 15_000, polling: 250 },
    );
    expect(await shown.jsonValue()).toEqual([
      { title: payload.title, body: payload.body, link: payload.link },
    ]);
  } finally {
    await context.close();
  }
});

it('“Notifications on this device” sits on the profile, labelled and axe-clean, at 390 and 1280 px', async () => {
  for (const width of [390, 1280]) {
    const profile = await open(`notifications-device-${width}`, {
      viewport: { width, height: 900 },
      serviceWorkers: 'allow',
    });
    try {
      // Head office's area manager: no urgent reminder of this file's recall stands in front.
      await signIn(profile, 'area@acme.test');
      await profile.goto('/profile');
      const toggle = profile.getByLabel('Notifications on this device');
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(false);
      // Before scrolling: on a phone the app bar (and the page's h1 in it) slides away on scroll.
      expect(await axeFindings(profile, `profile notifications ${width}`)).toEqual([]);
      // Nothing wider than the screen: the third channel's switches stay on it.
      expect(await profile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await profile.getByTestId('profile-notifications').scrollIntoViewIfNeeded();
      await profile.screenshot({ path: `/tmp/rb-profile-${width}.png`, fullPage: false });
    } finally {
      await profile.context().close();
    }
  }
});
