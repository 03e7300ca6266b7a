import { type DBSchema, openDB } from 'idb';
import type { MyTaskCompleteBody } from '../../contract/api/mytasks';

/**
 * Which call completes: My Tasks', or the compliance grid's (compliance.complete, compliance checks
 * of one's own workspace only). Both apply the same rules.
 */
export type CompletionRoute = 'mytasks' | 'compliance';

/** A photo or document kept with a queued completion until the server has it. */
export interface QueuedFile {
  name: string;
  type: string;
  blob: Blob;
  /** Set once uploaded: a resumed send uploads only what is still missing (same bytes, same file). */
  hash?: string;
}

/** Why the server refused a queued completion, kept until the person dismisses it. */
export interface QueueProblem {
  status: number;
  code?: string;
  message: string;
}

/**
 * A completion made without a network (issue 30), kept on the device until the server has it.
 * Its id is the client_id the server takes as idempotency key, so a send repeated after a lost
 * reply stores nothing twice.
 */
export interface QueuedCompletion {
  id: string;
  /** Whose it is ("tenant:user"): only its author sees and sends it. */
  owner: string;
  createdAt: number;
  title: string;
  via: CompletionRoute;
  body: Omit<MyTaskCompleteBody, 'client_id' | 'attachments'>;
  /** Hashes of files uploaded before the network went. */
  uploaded: string[];
  files: QueuedFile[];
  state: 'waiting' | 'refused';
  problem?: QueueProblem;
}

interface QueueSchema extends DBSchema {
  completions: { key: string; value: QueuedCompletion; indexes: { owner: string } };
}

const STORE = 'completions';
let opened: ReturnType<typeof openDB<QueueSchema>> | undefined;

function database() {
  opened ??= openDB<QueueSchema>('storeline-queue', 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: 'id' }).createIndex('owner', 'owner');
    },
  });
  return opened;
}

const listeners = new Set<() => void>();
// Another tab of the same browser changed the queue: show it here too.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('storeline-queue') : undefined;
channel?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});

function changed(): void {
  channel?.postMessage('changed');
  for (const listener of listeners) listener();
}

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A person's queued completions, oldest first: the order they are sent in. */
export async function queuedOf(owner: string): Promise<QueuedCompletion[]> {
  const items = await (await database()).getAllFromIndex(STORE, 'owner', owner);
  return items.sort((a, b) => a.createdAt - b.createdAt);
}

export async function putQueued(item: QueuedCompletion): Promise<void> {
  await (await database()).put(STORE, item);
  changed();
}

export async function deleteQueued(id: string): Promise<void> {
  await (await database()).delete(STORE, id);
  changed();
}

/** Sign-out after the person chose to: their queue leaves the device. */
export async function deleteQueuedOf(owner: string): Promise<void> {
  const db = await database();
  const keys = await db.getAllKeysFromIndex(STORE, 'owner', owner);
  await Promise.all(keys.map((key) => db.delete(STORE, key)));
  changed();
}
