import type { MyTaskCompleteBody } from '../../contract/api/mytasks';
import type { SessionUser } from '../session/sessionUser';
import { SYNC_TAG } from '../sw/messages';
import { ownerOf } from './owner';
import { putQueued, type QueuedCompletion } from './queueStore';

/** A UUID v4 made on the device: the completion's client_id (randomUUID needs a secure context). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser to wake the service worker when the network is back (Background Sync), where it can. */
async function askForSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  await registration?.sync?.register(SYNC_TAG).catch(() => undefined);
}

export interface Completion {
  user: SessionUser;
  clientId: string;
  title: string;
  via: QueuedCompletion['via'];
  body: Omit<MyTaskCompleteBody, 'client_id'>;
  /** Files chosen offline, not uploaded yet. */
  kept: File[];
}

/** Keeps a completion made offline on the device, to be sent in order when the network is back. */
export async function queueCompletion(c: Completion): Promise<void> {
  const { attachments, ...body } = c.body;
  await putQueued({
    id: c.clientId,
    owner: ownerOf(c.user),
    createdAt: Date.now(),
    title: c.title,
    via: c.via,
    body,
    uploaded: attachments ?? [],
    files: c.kept.map((file) => ({ name: file.name, type: file.type, blob: file })),
    state: 'waiting',
  });
  await askForSync();
}
