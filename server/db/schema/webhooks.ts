import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as columns from './columns';

/**
 * An address a tenant's administrators subscribed to events (issue 46). The signing secret is
 * sealed with the server's SECRET_KEY (server/lib/secretBox.ts): it must be read back to sign,
 * and is shown to people only once, when made. `lease_until` says a worker is draining the
 * subscription's deliveries (webhooks/deliver.ts), so only one at a time does, in order.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    ...columns.tenantRecord(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    pausedAt: columns.instant('paused_at'),
    lastSuccessAt: columns.instant('last_success_at'),
    failingSince: columns.instant('failing_since'),
    leaseUntil: columns.instant('lease_until'),
    createdBy: integer('created_by'),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [columns.tenantPrimaryKey(t)],
);

/**
 * One event to send to one subscription, written in the transaction of the write the event is
 * about (lib/integrationEvents.ts). Sent oldest first per subscription; `key` makes an event the
 * clock brings (a task overdue) once per subscription however often it is looked for.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: columns.tenantKey(),
    id: columns.bigIdentityId(),
    subscriptionId: integer('subscription_id').notNull(),
    event: text('event').notNull(),
    eventId: text('event_id').notNull(),
    key: text('key'),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: columns.instantNow('next_attempt_at'),
    lastAttemptAt: columns.instant('last_attempt_at'),
    responseStatus: smallint('response_status'),
    error: text('error'),
    redeliveryOf: columns.bigNumber('redelivery_of'),
    createdAt: columns.createdAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.subscriptionId, webhookSubscriptions).onDelete('cascade'),
    // The next delivery of a subscription: its oldest one not done.
    index('webhook_deliveries_pending_idx')
      .on(t.tenantId, t.subscriptionId, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The delivery log, newest first.
    index('webhook_deliveries_log_idx').on(t.tenantId, t.subscriptionId, t.id),
    uniqueIndex('webhook_deliveries_key_uq')
      .on(t.tenantId, t.subscriptionId, t.key)
      .where(sql`${t.key} IS NOT NULL`),
  ],
);
