/// <reference lib="webworker" />

import { POSITION_HEADER } from '../../contract/constants';
import { KEPT_HEADER } from './messages';
import { learnPerson, personCacheOf } from './people';

/**
 * The signed-in person's own answers kept for reading offline (issue 30): the session (so the app
 * opens signed in), their day and week, urgent work, task details and the reference files and
 * photos they opened. Everything else under /api goes to the network as before.
 */
const PERSONAL = new Set([
  '/api/user/verify',
  '/api/user/task/date',
  '/api/user/task/get',
  '/api/user/task/urgent',
  '/api/task/attachments/download',
  '/api/task/attachments/thumbnail',
]);

/** A weak signal: after this long the kept answer is shown while the network one still lands. */
const PATIENCE_MS = 6000;

export const isPersonal = (url: URL, request: Request) =>
  request.method === 'GET' && url.origin === self.location.origin && PERSONAL.has(url.pathname);

/**
 * The key an answer is kept under: its URL and the position it was asked for (one person, two
 * stores). Urgent work is asked with the current time, so only its last answer is kept.
 */
function keyOf(request: Request): string {
  const url = new URL(request.url);
  if (url.pathname === '/api/user/task/urgent') url.search = '';
  url.searchParams.set('_position', request.headers.get(POSITION_HEADER) ?? '');
  return url.href;
}

async function keep(request: Request, response: Response): Promise<void> {
  if (new URL(request.url).pathname === '/api/user/verify') await learnPerson(request, response);
  const cacheName = await personCacheOf(request);
  if (cacheName && response.status === 200)
    await (await caches.open(cacheName)).put(keyOf(request), response);
}

/** The kept answer, marked as such so the page can say it may be out of date. */
async function kept(request: Request): Promise<Response | undefined> {
  const cacheName = await personCacheOf(request);
  if (!cacheName) return undefined;
  const answer = await (await caches.open(cacheName)).match(keyOf(request));
  if (!answer) return undefined;
  const headers = new Headers(answer.headers);
  headers.set(KEPT_HEADER, '1');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

/** Network first; the person's kept answer when the network fails or is too slow. */
export function answerPersonal(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const network = fetch(request).then((response) => {
    event.waitUntil(keep(request, response.clone()).catch(() => undefined));
    return response;
  });
  const slow = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), PATIENCE_MS));
  return Promise.race([network.catch(() => undefined), slow]).then(async (first) => {
    if (first) return first;
    const fallback = await kept(request);
    // Nothing kept: wait for the network after all (and fail as it fails).
    return fallback ?? network;
  });
}
