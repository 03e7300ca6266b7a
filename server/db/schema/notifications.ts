import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What a notification carries besides its event, written when it is made (a task renamed later
 * does not rename the notice someone already had): the web app words it from these.
 */
export interface NotificationData {
  task_title: string;
  store_name: string;
  /** Why a submission was sent back (`task.sent_back`). */
  reason?: string;
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
    tenantId: integer('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    event: text('event').notNull(),
    key: text('key').notNull(),
    taskId: integer('task_id'),
    assignmentId: bigint('assignment_id', { mode: 'number' }),
    data: jsonb('data').$type<NotificationData>().notNull(),
    inApp: boolean('in_app').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
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
    tenantId: integer('tenant_id').notNull(),
    userId: integer('user_id').notNull(),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.event, t.channel] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);
