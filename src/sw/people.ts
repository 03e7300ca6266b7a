/// <reference lib="webworker" />

import { openDB } from 'idb';
import { PERSON_CACHE_PREFIX } from './messages';

/*
 * Whose answers a request may read from or write to the device (issue 30). A shared store phone
 * is used by several people one after another: the service worker keeps each person's answers in
 * a cache of their own, and finds the person from the request's own sign-in (a SHA-256 of its
 * Authorization header, learnt from that token's /api/user/verify answer). A request whose token
 * it does not know goes to the network only, so nobody is ever answered from another's cache.
 */

const DB = 'storeline-sw';
const STORE = 'tokens';

const known = new Map<string, string>();

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The token-to-person table survives the worker being stopped. */
const table = () =>
  openDB(DB, 1, {
    upgrade: (db) => {
      db.createObjectStore(STORE);
    },
  });

async function tokenOf(request: Request): Promise<string | undefined> {
  const header = request.headers.get('authorization');
  return header ? sha256(header) : undefined;
}

/** The cache of the person this request signs in as, if their verify answer was seen. */
export async function personCacheOf(request: Request): Promise<string | undefined> {
  const token = await tokenOf(request);
  if (!token) return undefined;
  const cached = known.get(token);
  if (cached) return cached;
  const stored = await table()
    .then((db) => db.get(STORE, token) as Promise<string | undefined>)
    .catch(() => undefined);
  if (stored) known.set(token, stored);
  return stored;
}

/** Learns whose token this is from a successful /api/user/verify answer (tenant and user id). */
export async function learnPerson(request: Request, response: Response): Promise<void> {
  const token = await tokenOf(request);
  if (!token || !response.ok) return;
  const body = (await response.clone().json()) as { data?: { id?: unknown; tenant?: { id?: unknown } } };
  const user = body.data?.id;
  const tenant = body.data?.tenant?.id;
  if (typeof user !== 'number' || typeof tenant !== 'number') return;
  const name = `${PERSON_CACHE_PREFIX}t${tenant}-u${user}`;
  known.set(token, name);
  await (await table()).put(STORE, name, token);
}

/** Sign-out: forget every token (only one person is signed in on a browser at a time). */
export async function forgetPeople(): Promise<void> {
  known.clear();
  await table()
    .then((db) => db.clear(STORE))
    .catch(() => undefined);
}
