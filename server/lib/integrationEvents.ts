import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { WebhookEvent, WebhookEventData } from '../../contract/api/webhooks';
import type { Db } from '../db/client';
import { tenants, webhookDeliveries, webhookSubscriptions } from '../db/schema';
import type { Jobs } from '../plugins/jobs';
import { isoInstant, sqlRows } from './jsonRows';

/*
 * What other systems are told (issue 46): every write that is an event of contract/api/webhooks.ts
 * calls emitEvent once, inside its own transaction, so a write that rolls back tells nobody. The
 * call writes one delivery per enabled subscription of the tenant that takes the event, in one
 * INSERT … SELECT scoped to the tenant (one shard on Citus), and queues the subscriptions' delivery
 * job on the same transaction. Sending happens in that job (modules/webhooks/deliver.ts).
 */

/** More items than this look for a subscription first, so a bulk write of a tenant without any builds no JSON. */
const CHECK_FIRST_ABOVE = 20;

/**
 * Writes the deliveries of `items` — rows of (event_id, key, data) made by `items` — to every
 * enabled subscription of the tenant that takes `event`, and queues their delivery; answers how
 * many were written. Keyed rows (`key` not null) are written once per subscription.
 */
export async function insertDeliveries(
  jobs: Jobs,
  tx: Db,
  tenantId: number,
  event: WebhookEvent,
  items: SQL,
  subscriptionFilter: SQL = sql`true`,
): Promise<number> {
  const written = await sqlRows<{ subscription_id: number }>(
    tx,
    sql`INSERT INTO ${webhookDeliveries} (tenant_id, subscription_id, event, event_id, key, payload)
      SELECT s.tenant_id, s.id, ${event}, i.event_id, i.key,
        jsonb_build_object('id', i.event_id, 'event', ${event}::text,
          'created_at', ${isoInstant(sql`now()`)}, 'tenant', t.identifier, 'data', i.data)
      FROM ${webhookSubscriptions} s
      JOIN ${tenants} t ON t.id = s.tenant_id
      CROSS JOIN (${items}) AS i
      WHERE s.tenant_id = ${tenantId} AND s.enabled AND ${event}::text = ANY(s.events) AND ${subscriptionFilter}
      ORDER BY i.ord, s.id
      ON CONFLICT (tenant_id, subscription_id, key) WHERE key IS NOT NULL DO NOTHING
      RETURNING subscription_id`,
  );
  const subscriptions = [...new Set(written.map((w) => Number(w.subscription_id)))].sort((a, b) => a - b);
  await jobs.sendMany(
    tx,
    'webhooks.deliver',
    subscriptions.map((subscriptionId) => ({ tenantId, subscriptionId })),
  );
  return written.length;
}

/**
 * Records that `event` happened, once per item of `data` (a write about many things, such as the
 * expiry of many stores' tasks, passes them all), in the write's transaction `tx`. `jobs`
 * undefined: demo data being seeded, when no subscription exists.
 */
export async function emitEvent<E extends WebhookEvent>(
  jobs: Jobs | undefined,
  tx: Db,
  tenantId: number,
  event: E,
  data: WebhookEventData[E] | readonly WebhookEventData[E][],
): Promise<void> {
  if (!jobs) return;
  const list = (Array.isArray(data) ? data : [data]) as readonly WebhookEventData[E][];
  if (list.length === 0) return;
  if (list.length > CHECK_FIRST_ABOVE && !(await takesEvent(tx, tenantId, event))) return;
  const items = JSON.stringify(list.map((d, i) => ({ event_id: randomUUID(), ord: i, data: d })));
  await insertDeliveries(
    jobs,
    tx,
    tenantId,
    event,
    sql`SELECT x.event_id, NULL::text AS key, x.ord, x.data
      FROM jsonb_to_recordset(${items}::jsonb) AS x(event_id text, ord int, data jsonb)`,
  );
}

/** Whether any enabled subscription of the tenant takes `event`. */
async function takesEvent(tx: Db, tenantId: number, event: WebhookEvent): Promise<boolean> {
  const rows = await sqlRows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM ${webhookSubscriptions}
      WHERE tenant_id = ${tenantId} AND enabled AND ${event}::text = ANY(events) LIMIT 1`,
  );
  return rows.length > 0;
}
