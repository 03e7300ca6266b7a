import { type SQL, sql } from 'drizzle-orm';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationPreference,
} from '../../../contract/api/notifications';
import type { Db } from '../../db/client';
import { notificationPreferences } from '../../db/schema';
import { sqlRows } from '../../lib/jsonRows';

/**
 * What a person is told, and how, until they choose otherwise on /profile. Everything shows in
 * the app; e-mail only what asks something of the person themselves (work sent back to them):
 * an e-mail to every store's staff for each new task would be read by nobody.
 */
const DEFAULTS: Record<NotificationEvent, Record<NotificationChannel, boolean>> = {
  'task.urgent': { app: true, email: false },
  'task.new': { app: true, email: false },
  'task.sent_back': { app: true, email: true },
};

/**
 * Whether `userId` (SQL: a column of the statement, of the row whose tenant column is `tenantColumn`)
 * takes `event` on `channel`: their row, or the default. One primary-key lookup per person. The
 * tenant is named both ways for Citus: as the constant, a query stays on one shard; joined on the
 * outer row's tenant column, an INSERT … SELECT is pushed down to that shard.
 */
export function takes(
  tenantId: number,
  tenantColumn: SQL,
  userId: SQL,
  event: NotificationEvent,
  channel: NotificationChannel,
) {
  return sql<boolean>`COALESCE((SELECT pr.enabled FROM ${notificationPreferences} pr
    WHERE pr.tenant_id = ${tenantId} AND pr.tenant_id = ${tenantColumn} AND pr.user_id = ${userId} AND pr.event = ${event}
      AND pr.channel = ${channel}), ${DEFAULTS[event][channel]})`;
}

/** Every event on every channel for one person: their choice, else the default. */
export async function loadPreferences(
  db: Db,
  tenantId: number,
  userId: number,
): Promise<NotificationPreference[]> {
  const rows = await sqlRows<{ event: string; channel: string; enabled: boolean }>(
    db,
    sql`SELECT event, channel, enabled FROM ${notificationPreferences}
      WHERE tenant_id = ${tenantId} AND user_id = ${userId}`,
  );
  const chosen = new Map(rows.map((r) => [`${r.event} ${r.channel}`, r.enabled]));
  return NOTIFICATION_EVENTS.flatMap((event) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      event,
      channel,
      enabled: chosen.get(`${event} ${channel}`) ?? DEFAULTS[event][channel],
    })),
  );
}

/** Keeps the person's choices (one statement; a choice made again replaces the earlier one). */
export async function savePreferences(
  db: Db,
  tenantId: number,
  userId: number,
  choices: readonly NotificationPreference[],
): Promise<void> {
  // The last of repeated choices wins, as it would one by one.
  const unique = new Map(choices.map((c) => [`${c.event} ${c.channel}`, c]));
  await db
    .insert(notificationPreferences)
    .values([...unique.values()].map((c) => ({ tenantId, userId, ...c })))
    .onConflictDoUpdate({
      target: [
        notificationPreferences.tenantId,
        notificationPreferences.userId,
        notificationPreferences.event,
        notificationPreferences.channel,
      ],
      set: { enabled: sql`excluded.enabled` },
    });
}
