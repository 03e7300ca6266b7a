/// <reference lib="webworker" />

/*
 * What the service worker does with web push (issue 29): the server's payload (contract
 * PushPayload: title, body, link) becomes a system notification, and a click on it brings the
 * app forward at the linked task. The service worker entry (sw.ts) calls registerPushHandlers.
 */

interface PushPayload {
  title: string;
  body: string;
  /** A path inside the app, e.g. /mytasks/12; anything else opens the app's start. */
  link?: string;
  /** Notices with the same tag replace each other instead of piling up. */
  tag?: string;
}

function parsePayload(data: PushMessageData | null): PushPayload | null {
  if (!data) return null;
  try {
    const value: unknown = data.json();
    if (typeof value !== 'object' || value === null) return null;
    const { title, body, link, tag } = value as Record<string, unknown>;
    if (typeof title !== 'string') return null;
    return {
      title,
      body: typeof body === 'string' ? body : '',
      link: typeof link === 'string' ? link : undefined,
      tag: typeof tag === 'string' ? tag : undefined,
    };
  } catch {
    return null;
  }
}

/** Only a path of this app is opened: a payload cannot send a person to another site. */
function targetUrl(sw: ServiceWorkerGlobalScope, link: unknown): string {
  const base = sw.registration.scope;
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return base;
  const url = new URL(link, base);
  return url.origin === new URL(base).origin ? url.href : base;
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event: PushEvent) => {
    const payload = parsePayload(event.data);
    if (!payload) return;
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        data: { link: payload.link },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { link?: unknown } | null;
    const url = targetUrl(sw, data?.link);
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const same = windows.find((client) => client.url === url);
        if (same) return void (await same.focus());
        const any = windows[0];
        if (any) {
          const moved = await any.navigate(url).catch(() => null);
          return void (await (moved ?? any).focus());
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });
}
