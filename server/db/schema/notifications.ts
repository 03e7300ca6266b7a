import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as columns from './columns';
import { goesWithUser, personRowKeys } from './users';

/**
 * What a notification carries besides its event, written when it is made (a task renamed later
 * does not rename the notice someone already had): the web app words it from these.
 */
export interface NotificationData {
  task_title: string;
  store_name: string;
  /** Why a submission was sent back (`task.sent_back`). */
  reason?: string;
  /** A digest's figures (`review.waiting`, `digest.daily`) and an escalation's lateness. */
  waiting?: number;
  due_today?: number;
  missed?: number;
  hours_late?: number;
  /** A finished inspection's score (`inspection.completed`), null with nothing scored. */
  percentage?: number | null;
  /** Which inspection (`inspection.completed`): the notice's link opens it. */
  inspection_id?: number;
  /** Which action (`action.*`): the notice's link opens it. */
  action_id?: number;
}

/**
 * One thing that happened, told to one person (issue 29). `key` names what it is about (an
 * assignment, a submission): the unique (tenant, user, event, key) makes a job that runs twice
 * tell nobody twice. `in_app` says whether the person's preference shows it in the list and the
 * count; the row is kept either way, as the record that the event was told.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...columns.personRow(columns.bigIdentityId()),
    event: text('event').notNull(),
    key: text('key').notNull(),
    taskId: integer('task_id'),
    assignmentId: columns.bigNumber('assignment_id'),
    data: jsonb('data').$type<NotificationData>().notNull(),
    inApp: boolean('in_app').notNull().default(true),
    createdAt: columns.createdAt(),
    readAt: columns.instant('read_at'),
    /**
     * When the push job took this notice to send it to the person's devices: set before sending,
     * so a retried job never pushes it twice (a push that failed is not tried again; the notice
     * is still in the app).
     */
    pushedAt: columns.instant('pushed_at'),
  },
  (t) => [
    ...personRowKeys(t),
    uniqueIndex('notifications_once_uq').on(t.tenantId, t.userId, t.event, t.key),
    // A person's list, newest first, and the bell's unread count.
    index('notifications_user_idx').on(t.tenantId, t.userId, t.id).where(sql`${t.inApp}`),
    index('notifications_unread_idx').on(t.tenantId, t.userId).where(sql`${t.inApp} AND ${t.readAt} IS NULL`),
  ],
);

/** A person's choice for one event on one channel; without a row the product's default holds. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    tenantId: columns.tenantKey(),
    userId: columns.userColumn(),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.event, t.channel] }), goesWithUser(t)],
);

/**
 * A browser that receives a person's web pushes (issue 29): the push service's endpoint and the
 * keys its payloads are encrypted to. One row per endpoint in a tenant (a shared device signed in
 * by another person moves to them). A push service that answers 404 or 410 removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    ...columns.personRow(columns.bigIdentityId()),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: columns.createdAt(),
  },
  (t) => [
    ...personRowKeys(t),
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.tenantId, t.endpoint),
    index('push_subscriptions_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * The installation's VAPID key pair, made at first start and kept: every browser subscribed with
 * the public key, so a new pair would silence them all. One row (id 1); a process that starts
 * beside another inserts on conflict and reads what won. Not a tenant table (a Citus reference
 * table). The private key is kept as is: whoever reads this table also reads the subscriptions,
 * and sealing it would tie it to one SECRET_KEY for no gain.
 */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: columns.createdAt(),
});
