import { describe, expect, it, vi } from 'vitest';
import { registerPushHandlers } from '../../src/sw/push';

/*
 * The service worker's push handlers (issue 29) against a stand-in for its global scope: what a
 * push shows, and where a click on it goes. The e2e test delivers a real push to the real worker.
 */

const SCOPE = 'https://storeline.example/';

type Listener = (event: unknown) => void;

function fakeWorker(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const focused: string[] = [];
  const opened: string[] = [];
  const clients = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async () => {
      focused.push(w.url);
    }),
    navigate: vi.fn(async (url: string) => ({
      url,
      focus: async () => {
        focused.push(url);
      },
    })),
  }));
  const sw = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      scope: SCOPE,
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  registerPushHandlers(sw as unknown as ServiceWorkerGlobalScope);
  /** Fires an event and waits for what it handed to waitUntil. */
  const fire = async (type: string, event: object) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { fire, shown, focused, opened, clients };
}

const pushOf = (value: unknown) => ({ data: { json: () => value } });
const clickOn = (link: unknown) => ({ notification: { close: vi.fn(), data: { link } } });

describe('a push', () => {
  it('shows the payload’s title and body, tagged, keeping its link', async () => {
    const w = fakeWorker();
    await w.fire(
      'push',
      pushOf({
        title: 'Urgent at Sydney CBD: Recall',
        body: 'Now.',
        link: '/task?assignment=4',
        tag: 'task.urgent:4',
      }),
    );
    expect(w.shown).toEqual([
      {
        title: 'Urgent at Sydney CBD: Recall',
        options: { body: 'Now.', tag: 'task.urgent:4', data: { link: '/task?assignment=4' } },
      },
    ]);
  });

  it('shows nothing for a push without a title or with no payload', async () => {
    const w = fakeWorker();
    await w.fire('push', pushOf({ body: 'no title' }));
    await w.fire('push', { data: null });
    await w.fire('push', { data: { json: () => JSON.parse('not json') } });
    expect(w.shown).toEqual([]);
  });
});

describe('a click on the notification', () => {
  it('focuses the window already at the task', async () => {
    const w = fakeWorker([{ url: `${SCOPE}task?assignment=4` }]);
    await w.fire('notificationclick', clickOn('/task?assignment=4'));
    expect(w.focused).toEqual([`${SCOPE}task?assignment=4`]);
    expect(w.opened).toEqual([]);
  });

  it('takes an open window of the app to the task', async () => {
    const w = fakeWorker([{ url: `${SCOPE}dashboard` }]);
    await w.fire('notificationclick', clickOn('/task?assignment=9'));
    expect(w.clients[0]!.navigate).toHaveBeenCalledWith(`${SCOPE}task?assignment=9`);
    expect(w.focused).toEqual([`${SCOPE}task?assignment=9`]);
  });

  it('opens the app at the task when no window is open, and never another site', async () => {
    const w = fakeWorker();
    await w.fire('notificationclick', clickOn('/task?assignment=9'));
    await w.fire('notificationclick', clickOn('https://evil.example/phish'));
    await w.fire('notificationclick', clickOn('//evil.example/phish'));
    expect(w.opened).toEqual([`${SCOPE}task?assignment=9`, SCOPE, SCOPE]);
  });
});
