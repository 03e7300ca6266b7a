import type { ToPage, ToWorker } from '../sw/messages';

/**
 * Registers the service worker of a production build (issue 30); the dev server and the tests in
 * jsdom run without one. `onSendQueue` runs when the worker passes on Background Sync's signal.
 */
export function registerServiceWorker(onSendQueue: () => void): void {
  // MODE, not PROD: a build run under vitest (NODE_ENV=test, the e2e suite's) is a production build too.
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<ToPage | null>) => {
    if (event.data?.type === 'send-queue') onSendQueue();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered; the app works online only', error);
    });
  });
}

/** Tells the worker a person signed out, so it forgets their token and drops their caches. */
export async function tellWorker(message: ToWorker): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage(message);
}
