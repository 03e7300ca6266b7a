import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../../contract/api/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema';
import { sqlRows } from '../../lib/jsonRows';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const ofTenant = (tenantId: number, id: number) =>
  and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id));

export async function listSubscriptions(db: Db, tenantId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.tenantId, tenantId))
    .orderBy(webhookSubscriptions.id);
}

export async function countSubscriptions(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function findSubscription(
  db: Db,
  tenantId: number,
  id: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(webhookSubscriptions).where(ofTenant(tenantId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertSubscription(
  db: Db,
  tenantId: number,
  values: { url: string; events: WebhookEvent[]; secretSealed: string; createdBy: number },
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateSubscription(
  db: Db,
  tenantId: number,
  id: number,
  values: Partial<Pick<SubscriptionRow, 'url' | 'events' | 'enabled' | 'pausedAt' | 'failingSince'>>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(ofTenant(tenantId, id))
    .returning();
  return row;
}

export async function deleteSubscription(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookSubscriptions)
    .where(ofTenant(tenantId, id))
    .returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

/** A subscription's delivery log, newest first. */
export async function listDeliveries(
  db: Db,
  tenantId: number,
  subscriptionId: number,
  limit: number,
  before?: number,
): Promise<DeliveryRow[]> {
  const conditions = [
    eq(webhookDeliveries.tenantId, tenantId),
    eq(webhookDeliveries.subscriptionId, subscriptionId),
  ];
  if (before !== undefined) conditions.push(lt(webhookDeliveries.id, before));
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: Db, tenantId: number, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)));
  return row;
}

/** A new delivery of the same event (the same payload and event id), last in its subscription's line. */
export async function insertRedelivery(db: Db, original: DeliveryRow): Promise<DeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      tenantId: original.tenantId,
      subscriptionId: original.subscriptionId,
      event: original.event,
      eventId: original.eventId,
      payload: original.payload,
      redeliveryOf: original.id,
    })
    .returning();
  return row!;
}

// ---- the delivery worker ------------------------------------------------------------------------

/**
 * Takes the subscription's lease (one worker drains a subscription at a time, on any process) when
 * it is enabled and nobody holds the lease; answers the lease's end, which names it afterwards.
 * One autocommitted UPDATE: its row lock lasts the statement, so nothing is held across a request
 * to the receiver and it works through PgBouncer in transaction mode. The lease's end is chosen
 * here (Citus allows no clock in an UPDATE's RETURNING), and it has passed when the database's
 * now() is beyond it.
 */
export async function takeLease(
  db: Db,
  tenantId: number,
  id: number,
  seconds: number,
): Promise<{ lease: string; url: string; secretSealed: string } | undefined> {
  const lease = new Date(Date.now() + seconds * 1000).toISOString();
  const [row] = await sqlRows<{ url: string; secret_sealed: string }>(
    db,
    sql`UPDATE ${webhookSubscriptions} SET lease_until = ${lease}::timestamptz
      WHERE tenant_id = ${tenantId} AND id = ${id} AND enabled
        AND (lease_until IS NULL OR lease_until < now())
      RETURNING url, secret_sealed`,
  );
  return row ? { lease, url: row.url, secretSealed: row.secret_sealed } : undefined;
}

/** Gives the lease up, if it is still this worker's. */
export async function releaseLease(db: Db, tenantId: number, id: number, lease: string): Promise<void> {
  await db.execute(sql`UPDATE ${webhookSubscriptions} SET lease_until = NULL
    WHERE tenant_id = ${tenantId} AND id = ${id} AND lease_until = ${lease}::timestamptz`);
}

/**
 * The subscription's oldest delivery not done, if it is due, while this worker holds the lease
 * (renewed here): undefined when there is none, it is not due yet, or the lease was lost.
 */
export async function nextDue(
  db: Db,
  tenantId: number,
  id: number,
  lease: string,
  seconds: number,
): Promise<{ lease: string; delivery: DeliveryRow | undefined } | undefined> {
  const renewed = new Date(Date.now() + seconds * 1000).toISOString();
  const [held] = await sqlRows<{ id: number }>(
    db,
    sql`UPDATE ${webhookSubscriptions} SET lease_until = ${renewed}::timestamptz
      WHERE tenant_id = ${tenantId} AND id = ${id} AND enabled AND lease_until = ${lease}::timestamptz
      RETURNING id`,
  );
  if (!held) return undefined;
  const [next] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.subscriptionId, id),
        eq(webhookDeliveries.status, 'pending'),
      ),
    )
    .orderBy(webhookDeliveries.id)
    .limit(1);
  const due = next && next.nextAttemptAt.getTime() <= Date.now() ? next : undefined;
  return { lease: renewed, delivery: due };
}

/**
 * Whether the subscription is enabled and the head of its line (its oldest delivery not done) is
 * due now: a later delivery is never sent before it, so only the head's time counts.
 */
export async function hasDue(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await sqlRows<{ due: boolean }>(
    db,
    sql`SELECT d.next_attempt_at <= now() AS due FROM ${webhookDeliveries} d
      JOIN ${webhookSubscriptions} s ON s.tenant_id = d.tenant_id AND s.id = d.subscription_id
      WHERE d.tenant_id = ${tenantId} AND d.subscription_id = ${id} AND d.status = 'pending' AND s.enabled
      ORDER BY d.id LIMIT 1`,
  );
  return rows[0]?.due === true;
}

/** The outcome of one attempt, written on the delivery. */
export async function recordAttempt(
  db: Db,
  delivery: DeliveryRow,
  outcome: {
    status: 'pending' | 'delivered' | 'failed';
    responseStatus: number | null;
    error: string | null;
    nextAttemptAt: Date | null;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: sql`now()`,
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
    })
    .where(and(eq(webhookDeliveries.tenantId, delivery.tenantId), eq(webhookDeliveries.id, delivery.id)));
}

/** A success: the subscription is healthy again. */
export async function markSucceeded(db: Db, tenantId: number, id: number): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({ lastSuccessAt: sql`now()`, failingSince: null })
    .where(ofTenant(tenantId, id));
}

/**
 * A failure: the subscription fails since its first failure after a success. Answers whether it
 * has failed for at least `pauseAfterSeconds` without a success, in which case it is paused here
 * (switched off, with the instant) under the row's lock, so only one worker pauses it.
 */
export async function markFailed(
  db: Db,
  tenantId: number,
  id: number,
  pauseAfterSeconds: number,
): Promise<{ paused: boolean; url: string } | undefined> {
  // Read under the row's lock, then written: RETURNING may hold no clock on Citus.
  // Citus takes no clock inside a CASE or COALESCE of an UPDATE either: the choices are made here.
  const [row] = await sqlRows<{ url: string; failing: boolean; late: boolean }>(
    db,
    sql`SELECT url, failing_since IS NOT NULL AS failing,
        (enabled AND coalesce(failing_since <= now() - make_interval(secs => ${pauseAfterSeconds}), false)) AS late
      FROM ${webhookSubscriptions} WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`,
  );
  if (!row) return undefined;
  if (!row.failing || row.late)
    await db.execute(sql`UPDATE ${webhookSubscriptions}
      SET ${row.late ? sql`enabled = false, paused_at = now()` : sql`failing_since = now()`}
      WHERE tenant_id = ${tenantId} AND id = ${id}`);
  return { paused: row.late, url: row.url };
}

/** Subscriptions of every tenant whose line's head is due (the sweep queues their workers). */
export async function subscriptionsWithDue(db: Db): Promise<{ tenantId: number; subscriptionId: number }[]> {
  const rows = await sqlRows<{ tenant_id: number; subscription_id: number }>(
    db,
    sql`SELECT head.tenant_id, head.subscription_id FROM (
        SELECT DISTINCT ON (d.tenant_id, d.subscription_id) d.tenant_id, d.subscription_id, d.next_attempt_at
        FROM ${webhookDeliveries} d
        JOIN ${webhookSubscriptions} s ON s.tenant_id = d.tenant_id AND s.id = d.subscription_id
        WHERE d.status = 'pending' AND s.enabled
        ORDER BY d.tenant_id, d.subscription_id, d.id) head
      WHERE head.next_attempt_at <= now()
      ORDER BY head.tenant_id, head.subscription_id`,
  );
  return rows.map((r) => ({ tenantId: Number(r.tenant_id), subscriptionId: Number(r.subscription_id) }));
}

/** Tenants with an enabled subscription to `event`. */
export async function tenantsTaking(db: Db, event: WebhookEvent): Promise<number[]> {
  const rows = await sqlRows<{ tenant_id: number }>(
    db,
    sql`SELECT DISTINCT tenant_id FROM ${webhookSubscriptions}
      WHERE enabled AND ${event}::text = ANY(events) ORDER BY tenant_id`,
  );
  return rows.map((r) => Number(r.tenant_id));
}
