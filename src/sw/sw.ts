/// <reference lib="webworker" />

/*
 * Storeline's service worker (issue 30), built by vite-plugin-pwa (injectManifest): the shell
 * precached so the app opens without a network, each person's answers kept in their own cache
 * (personAnswers.ts), Background Sync handed to the page that holds the completions queue, and
 * web push (push.ts, issue 29).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { PERSON_CACHE_PREFIX, SYNC_TAG, type ToPage, type ToWorker } from './messages';
import { forgetPeople } from './people';
import { answerPersonal, isPersonal } from './personAnswers';
import { registerPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the one index.html; the API and its docs are never answered from it.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (isPersonal(url, event.request)) event.respondWith(answerPersonal(event));
});

// A new release takes over at once: the shell it precached matches the server it talks to.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function deletePersonCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PERSON_CACHE_PREFIX)).map((n) => caches.delete(n)));
  await forgetPeople();
}

self.addEventListener('message', (event) => {
  const message = event.data as ToWorker | null;
  if (message?.type === 'signed-out') event.waitUntil(deletePersonCaches());
});

/**
 * The queue lives with the page (it holds the person's sign-in); when the browser says the
 * network is back, any open Storeline page is asked to send it. With none open, the next start does.
 */
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      const message: ToPage = { type: 'send-queue' };
      for (const page of pages) page.postMessage(message);
    }),
  );
});

registerPushHandlers(self);
