import type { PushSubscribeBody } from '../../../contract/api/notifications';
import type { AppDataProvider } from '../../providers/dataProvider';

/*
 * This browser's web push subscription (issue 29): the Push API through the service worker that
 * sw.ts registers, with the server's VAPID key; the server keeps the subscription per person.
 */

export type DevicePushState = 'unsupported' | 'denied' | 'off' | 'on';

/** How long to wait for the service worker before saying it failed (it is not registered in development). */
const READY_TIMEOUT_MS = 10_000;

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The base64url key the server gives, as the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('service worker not ready')), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this device receives pushes now (without asking the person anything). */
export async function devicePushState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

function bodyOf(sub: PushSubscription): PushSubscribeBody {
  const json = sub.toJSON();
  return {
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Asks permission, subscribes with the server's key and hands the subscription to the server. */
export async function enableDevicePush(dataProvider: AppDataProvider): Promise<DevicePushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  const { public_key } = await dataProvider.getPushKey();
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(public_key) };
  let sub: PushSubscription;
  try {
    sub = await reg.pushManager.subscribe(options);
  } catch {
    // A subscription made with another key (an earlier installation): replace it.
    await (await reg.pushManager.getSubscription())?.unsubscribe();
    sub = await reg.pushManager.subscribe(options);
  }
  try {
    await dataProvider.subscribePush(bodyOf(sub));
  } catch (error) {
    await sub.unsubscribe();
    throw error;
  }
  return 'on';
}

/** Tells the server to stop, then drops the browser's subscription. */
export async function disableDevicePush(dataProvider: AppDataProvider): Promise<DevicePushState> {
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await dataProvider.unsubscribePush(sub.endpoint);
    await sub.unsubscribe();
  }
  return 'off';
}
