import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { NotificationEvent, PushPayload, PushSubscribeBody } from '../../../contract/api/notifications';
import type { Language } from '../../../contract/languages';
import type { Db } from '../../db/client';
import { type NotificationData, notifications, pushSubscriptions } from '../../db/schema';
import { readersOf } from '../../i18n';
import type { JobPayloads } from '../../lib/jobs';
import { sqlRows } from '../../lib/jsonRows';
import type { Jobs } from '../../plugins/jobs';
import type { Told } from './deliver';
import { takes } from './preferences';
import { pushEndpointRefusal } from './pushEndpoint';
import type { VapidKeys } from './vapid';
import { noticePath, noticeWords } from './words';

/** What the push channel needs: the installation's keys, the VAPID subject and the trusted push services. */
export interface PushChannel {
  keys: () => Promise<VapidKeys>;
  subject: string;
  allowedOrigins: readonly string[];
  log: { warn: (data: object, message: string) => void };
}

/** A push service that does not answer within this is given up on (the notice stays in the app). */
const SEND_TIMEOUT_MS = 10_000;
/** Notices per `notifications.push` job: an urgent task at 5,000 stores makes a few hundred jobs at most. */
const NOTICES_PER_JOB = 200;
/** How long a push service keeps trying a device that is off: a day, then the notice is in the app anyway. */
const TTL_SECONDS = 86_400;

export async function subscribe(
  db: Db,
  tenantId: number,
  userId: number,
  body: PushSubscribeBody,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ tenantId, userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
    .onConflictDoUpdate({
      target: [pushSubscriptions.tenantId, pushSubscriptions.endpoint],
      set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth },
    });
}

/** Removes the person's own subscription of this endpoint; answers whether there was one. */
export async function unsubscribe(db: Db, tenantId: number, userId: number, endpoint: string) {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`DELETE FROM ${pushSubscriptions}
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND endpoint = ${endpoint} RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Queues the pushes of the notices this run made, in the run's transaction: only notices of people
 * who take `event` by push and have a subscription, so an event nobody gets on a phone queues nothing.
 */
export async function queuePushes(
  tx: Db,
  jobs: Jobs,
  tenantId: number,
  event: NotificationEvent,
  told: readonly Told[],
): Promise<void> {
  if (told.length === 0) return;
  // Most tenants have few devices, often none: then 50,000 notices cost one index probe here.
  const [any] = await sqlRows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM ${pushSubscriptions} WHERE tenant_id = ${tenantId} LIMIT 1`,
  );
  if (!any) return;
  const rows = await sqlRows<{ id: string | number }>(
    tx,
    sql`SELECT n.id FROM ${notifications} n
      WHERE n.tenant_id = ${tenantId} AND n.id = ANY(${`{${told.map((t) => t.id).join(',')}}`}::bigint[])
        AND n.user_id IN (SELECT ps.user_id FROM ${pushSubscriptions} ps WHERE ps.tenant_id = ${tenantId})
        AND ${takes(tenantId, sql`n.tenant_id`, sql`n.user_id`, event, 'push')}
      ORDER BY n.id`,
  );
  const ids = rows.map((r) => Number(r.id));
  const batches: JobPayloads['notifications.push'][] = [];
  for (let i = 0; i < ids.length; i += NOTICES_PER_JOB)
    batches.push({ tenantId, ids: ids.slice(i, i + NOTICES_PER_JOB) });
  await jobs.sendMany(tx, 'notifications.push', batches);
}

interface Claimed {
  id: number;
  event: NotificationEvent;
  assignment_id: number | null;
  data: NotificationData;
  language: string | null;
  subscriptions: { id: number; endpoint: string; p256dh: string; auth: string }[];
}

/**
 * The `notifications.push` job: takes the notices not pushed yet (marking them pushed in one
 * statement that commits before anything is sent, so a retried job pushes nobody twice) and sends
 * each to every device of its person. A device whose push service answers 404 or 410 has
 * unsubscribed and is removed; other failures are logged and the notice stays in the app.
 */
export async function pushNotices(
  db: Db,
  job: JobPayloads['notifications.push'],
  channel: PushChannel,
): Promise<{ sent: number; removed: number }> {
  const claimed = await sqlRows<Claimed>(
    db,
    sql`WITH taken AS (
        UPDATE ${notifications} SET pushed_at = now()
        WHERE tenant_id = ${job.tenantId} AND id = ANY(${`{${job.ids.join(',')}}`}::bigint[]) AND pushed_at IS NULL
        RETURNING id, user_id, event, assignment_id, data)
      SELECT t.id, t.event, t.assignment_id, t.data,
        (SELECT u.language FROM users u WHERE u.tenant_id = ${job.tenantId} AND u.id = t.user_id) AS language,
        coalesce((SELECT json_agg(json_build_object('id', ps.id, 'endpoint', ps.endpoint,
            'p256dh', ps.p256dh, 'auth', ps.auth) ORDER BY ps.id)
          FROM ${pushSubscriptions} ps WHERE ps.tenant_id = ${job.tenantId} AND ps.user_id = t.user_id), '[]') AS subscriptions
      FROM taken t ORDER BY t.id`,
  );
  if (claimed.length === 0) return { sent: 0, removed: 0 };
  const keys = await channel.keys();
  // Each push in its person's language, the same rule as the mails.
  const languageOf = await readersOf(db, job.tenantId);
  let sent = 0;
  const gone: number[] = [];
  for (const notice of claimed) {
    const payload = JSON.stringify(payloadOf(notice, languageOf(notice.language)));
    for (const sub of notice.subscriptions) {
      // PUSH_ALLOWED_ORIGINS may have narrowed since the device subscribed.
      if (pushEndpointRefusal(sub.endpoint, channel.allowedOrigins)) continue;
      const status = await sendOne(sub, payload, keys, channel).catch((err: unknown) => {
        channel.log.warn({ err, subscription: sub.id }, 'web push not delivered');
        return 0;
      });
      if (status === 404 || status === 410) gone.push(Number(sub.id));
      else if (status >= 200 && status < 300) sent++;
      else if (status)
        channel.log.warn({ status, subscription: sub.id }, 'web push refused by the push service');
    }
  }
  if (gone.length > 0)
    await db.execute(sql`DELETE FROM ${pushSubscriptions}
      WHERE tenant_id = ${job.tenantId} AND id = ANY(${`{${gone.join(',')}}`}::bigint[])`);
  return { sent, removed: gone.length };
}

function payloadOf(notice: Claimed, language: Language): PushPayload {
  const words = noticeWords(notice.event, notice.data, language);
  return {
    ...words,
    link: noticePath(notice.event, notice.assignment_id, notice.data),
    tag: `${notice.event}:${notice.assignment_id ?? notice.id}`,
  };
}

/**
 * One push: web-push encrypts (aes128gcm) and signs (VAPID); the request goes out by fetch, which
 * follows no redirect (a push service cannot send the server elsewhere). Answers the HTTP status.
 */
async function sendOne(
  sub: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  keys: VapidKeys,
  channel: PushChannel,
): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    {
      vapidDetails: { subject: channel.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  // fetch sets Content-Length from the body itself. Given one too, it fails ("invalid content-length
  // header") once jsdom (lib/sanitize.ts) has installed its undici as fetch's dispatcher, as the
  // server does before its first push: no push would leave.
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}
