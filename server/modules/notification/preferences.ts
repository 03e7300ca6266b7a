import { type SQL, sql } from 'drizzle-orm';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationPreference,
} from '../../../contract/api/notifications';
import type { Db } from '../../db/client';
import { notificationPreferences, settings } from '../../db/schema';
import { sqlRows } from '../../lib/jsonRows';

/**
 * What a person is told, and how, until their tenant or they themselves choose otherwise. Everything shows in
 * the app; e-mail only what asks something of the person themselves (work sent back to them, work
 * late or waiting for them, their store's day): an e-mail to every store's staff for each new task
 * would be read by nobody. Push (to the devices a person switched on) what cannot wait.
 */
const DEFAULTS: Record<NotificationEvent, Record<NotificationChannel, boolean>> = {
  'task.urgent': { app: true, email: false, push: true },
  'task.new': { app: true, email: false, push: false },
  'task.sent_back': { app: true, email: true, push: true },
  'review.waiting': { app: true, email: true, push: false },
  'task.escalated': { app: true, email: true, push: true },
  'digest.daily': { app: true, email: true, push: false },
  // A store's people learn their inspection's result in the app; its contact address gets the mail.
  'inspection.completed': { app: true, email: false, push: false },
  // An action is work for someone: told like work sent to them, and the escalation like a task's.
  'action.assigned': { app: true, email: true, push: true },
  'action.resolved': { app: true, email: false, push: false },
  'action.escalated': { app: true, email: true, push: true },
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
      AND pr.channel = ${channel}),
    (SELECT (st.value::jsonb ->> ${choiceKey(event, channel)})::boolean FROM ${settings} st
      WHERE st.tenant_id = ${tenantId} AND st.tenant_id = ${tenantColumn} AND st.key = ${DEFAULTS_SETTING}),
    ${DEFAULTS[event][channel]})`;
}

/**
 * The tenant's defaults are one `settings` row: a flat JSON object of `"event channel": enabled`,
 * so that saving some of them merges into the rest in one statement (`||`), whoever saves at once.
 */
const DEFAULTS_SETTING = 'notification_defaults';
const choiceKey = (event: string, channel: string) => `${event} ${channel}`;

/** Every event on every channel as the tenant sets it for people who have not chosen, else the product's default. */
export async function loadTenantDefaults(db: Db, tenantId: number): Promise<NotificationPreference[]> {
  const [row] = await sqlRows<{ value: string }>(
    db,
    sql`SELECT value FROM ${settings} WHERE tenant_id = ${tenantId} AND key = ${DEFAULTS_SETTING}`,
  );
  const chosen = row ? (JSON.parse(row.value) as Record<string, boolean>) : {};
  return NOTIFICATION_EVENTS.flatMap((event) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      event,
      channel,
      enabled: chosen[choiceKey(event, channel)] ?? DEFAULTS[event][channel],
    })),
  );
}

/** Changes some of the tenant's defaults; the others stay as they were. */
export async function saveTenantDefaults(
  db: Db,
  tenantId: number,
  choices: readonly NotificationPreference[],
): Promise<void> {
  const value = JSON.stringify(
    Object.fromEntries(choices.map((c) => [choiceKey(c.event, c.channel), c.enabled])),
  );
  await db.execute(sql`INSERT INTO ${settings} (tenant_id, key, value)
    VALUES (${tenantId}, ${DEFAULTS_SETTING}, ${value})
    ON CONFLICT (tenant_id, key) DO UPDATE SET value = (${settings}.value::jsonb || excluded.value::jsonb)::text`);
}

/** Every event on every channel for one person: their choice, else the tenant's default. */
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
  const chosen = new Map(rows.map((r) => [choiceKey(r.event, r.channel), r.enabled]));
  return (await loadTenantDefaults(db, tenantId)).map((d) => ({
    ...d,
    enabled: chosen.get(choiceKey(d.event, d.channel)) ?? d.enabled,
  }));
}

/** Keeps the person's choices (one statement; a choice made again replaces the earlier one). */
export async function savePreferences(
  db: Db,
  tenantId: number,
  userId: number,
  choices: readonly NotificationPreference[],
): Promise<void> {
  // The last of repeated choices wins, as it would one by one.
  const unique = new Map(choices.map((c) => [choiceKey(c.event, c.channel), c]));
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
