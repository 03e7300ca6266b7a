import { randomBytes } from 'node:crypto';
import type { BlockList } from 'node:net';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_SUBSCRIPTIONS,
  type Webhook,
  type WebhookCreateBody,
  type WebhookCreated,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookUpdateBody,
} from '../../../contract/api/webhooks';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import type { Caller } from '../../lib/caller';
import { conflict, notFound } from '../../lib/errors';
import type { HostLookup } from '../../lib/publicAddress';
import type { SecretBox } from '../../lib/secretBox';
import type { Jobs } from '../../plugins/jobs';
import { assertSendable } from './address';
import {
  countSubscriptions,
  type DeliveryRow,
  deleteSubscription,
  findDelivery,
  findSubscription,
  insertRedelivery,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  type SubscriptionRow,
  updateSubscription,
} from './repository';

const NOT_FOUND = 'Webhook';

/** What the service needs besides the database: the sealing box, the queue and the address rules. */
export interface WebhookDeps {
  box: SecretBox;
  jobs: Jobs;
  lookup: HostLookup;
  allowed: BlockList;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toWebhook(row: SubscriptionRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    paused_at: iso(row.pausedAt),
    last_success_at: iso(row.lastSuccessAt),
    failing_since: iso(row.failingSince),
    created_at: row.createdAt.toISOString(),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    event_id: row.eventId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    attempts: row.attempts,
    last_attempt_at: iso(row.lastAttemptAt),
    response_status: row.responseStatus,
    error: row.error,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  };
}

/** The events in the catalogue's order, each once. */
const ordered = (events: readonly WebhookEvent[]) => WEBHOOK_EVENTS.filter((e) => events.includes(e));

export async function list(db: Db, caller: Caller): Promise<Webhook[]> {
  return (await listSubscriptions(db, caller.tenantId)).map(toWebhook);
}

/** A new subscription with a new signing secret, shown in this answer only. */
export async function create(
  db: Db,
  deps: WebhookDeps,
  caller: Caller,
  body: WebhookCreateBody,
): Promise<WebhookCreated> {
  const url = body.url.trim();
  await assertSendable(url, deps.lookup, deps.allowed);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    if ((await countSubscriptions(tx, caller.tenantId)) >= WEBHOOK_MAX_SUBSCRIPTIONS)
      throw conflict(
        `An organisation can have at most ${WEBHOOK_MAX_SUBSCRIPTIONS} webhooks. Delete one you no longer use first.`,
      );
    const made = await insertSubscription(tx, caller.tenantId, {
      url,
      events: ordered(body.events),
      secretSealed: deps.box.seal(secret),
      createdBy: caller.userId,
    });
    describeActivity({
      entity: 'webhook',
      entityId: made.id,
      entityName: url,
      after: { url, events: made.events },
    });
    return made;
  });
  return { ...toWebhook(row), secret };
}

/**
 * Changes the address, the events or whether it is on. Switching a paused subscription on
 * clears its pause and failure record and sends what waits.
 */
export async function update(
  db: Db,
  deps: WebhookDeps,
  caller: Caller,
  body: WebhookUpdateBody,
): Promise<Webhook> {
  const url = body.url?.trim();
  if (url !== undefined) await assertSendable(url, deps.lookup, deps.allowed);
  const row = await db.transaction(async (tx) => {
    const before = await findSubscription(tx, caller.tenantId, body.id, true);
    if (!before) throw notFound(NOT_FOUND);
    const switchedOn = body.enabled === true && !before.enabled;
    const after = await updateSubscription(tx, caller.tenantId, body.id, {
      ...(url !== undefined ? { url } : {}),
      ...(body.events ? { events: ordered(body.events) } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(switchedOn ? { pausedAt: null, failingSince: null } : {}),
    });
    if (switchedOn)
      await deps.jobs.send(tx, 'webhooks.deliver', { tenantId: caller.tenantId, subscriptionId: body.id });
    describeActivity({
      entity: 'webhook',
      entityId: body.id,
      entityName: after!.url,
      before: { url: before.url, events: before.events, enabled: before.enabled },
      after: { url: after!.url, events: after!.events, enabled: after!.enabled },
    });
    return after!;
  });
  return toWebhook(row);
}

export async function remove(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  const existing = await findSubscription(db, caller.tenantId, id);
  if (!existing) throw notFound(NOT_FOUND);
  if (!(await deleteSubscription(db, caller.tenantId, id))) throw notFound(NOT_FOUND);
  describeActivity({ entity: 'webhook', entityId: id, entityName: existing.url });
  return { id };
}

export async function deliveries(
  db: Db,
  caller: Caller,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDelivery[]> {
  if (!(await findSubscription(db, caller.tenantId, query.id))) throw notFound(NOT_FOUND);
  const rows = await listDeliveries(db, caller.tenantId, query.id, query.limit, query.before);
  return rows.map(toDelivery);
}

/** Sends a delivery's event again, as a new delivery at the end of its subscription's line. */
export async function redeliver(
  db: Db,
  deps: WebhookDeps,
  caller: Caller,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const row = await db.transaction(async (tx) => {
    const original = await findDelivery(tx, caller.tenantId, deliveryId);
    if (!original) throw notFound('Delivery');
    const made = await insertRedelivery(tx, original);
    await deps.jobs.send(tx, 'webhooks.deliver', {
      tenantId: caller.tenantId,
      subscriptionId: original.subscriptionId,
    });
    describeActivity({ entity: 'webhook', entityId: original.subscriptionId, entityName: null });
    return made;
  });
  return toDelivery(row);
}
