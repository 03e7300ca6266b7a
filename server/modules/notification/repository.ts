import { sql } from 'drizzle-orm';
import type { Notification, NotificationListQuery } from '../../../contract/api/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { isoInstant, jsonRows, sqlRows } from '../../lib/jsonRows';

/*
 * A person's own notices: every statement is scoped to the tenant and the person, so another
 * person's or another tenant's id matches nothing.
 */

/** One page of the person's notices in the app, newest first, with the total and the unread count. */
export async function listNotices(
  db: Db,
  tenantId: number,
  userId: number,
  query: NotificationListQuery,
): Promise<{ rows: Notification[]; total: number; unread: number }> {
  const mine = sql`n.tenant_id = ${tenantId} AND n.user_id = ${userId} AND n.in_app`;
  const filter = query.unread ? sql`${mine} AND n.read_at IS NULL` : mine;
  const [counts] = await sqlRows<{ total: number; unread: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${filter})::int AS total,
        count(*) FILTER (WHERE n.read_at IS NULL)::int AS unread
      FROM ${notifications} n WHERE ${mine}`,
  );
  const rows = await jsonRows<Notification[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
        'id', p.id, 'event', p.event, 'task_id', p.task_id, 'assignment_id', p.assignment_id,
        'inspection_id', (p.data->>'inspection_id')::int,
        'action_id', (p.data->>'action_id')::int,
        'task_title', p.data->>'task_title', 'store_name', p.data->>'store_name',
        'reason', p.data->>'reason',
        'counts', CASE WHEN p.data ?| array['waiting', 'due_today', 'missed', 'hours_late']
          THEN jsonb_strip_nulls(jsonb_build_object('waiting', p.data->'waiting', 'due_today', p.data->'due_today',
            'missed', p.data->'missed', 'hours_late', p.data->'hours_late')) END,
        'created_at', ${isoInstant(sql`p.created_at`)},
        'read', p.read_at IS NOT NULL) ORDER BY p.id DESC), '[]')::text AS rows
      FROM (SELECT n.* FROM ${notifications} n WHERE ${filter}
        ORDER BY n.id DESC LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}) p`,
  );
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export async function countUnread(db: Db, tenantId: number, userId: number): Promise<number> {
  const [row] = await sqlRows<{ unread: number }>(
    db,
    sql`SELECT count(*)::int AS unread FROM ${notifications}
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND in_app AND read_at IS NULL`,
  );
  return row?.unread ?? 0;
}

/** Which of these ids are the person's notices in the app (the others are unknown to them). */
export async function ownIds(db: Db, tenantId: number, userId: number, ids: readonly number[]) {
  const rows = await sqlRows<{ id: string | number }>(
    db,
    sql`SELECT id FROM ${notifications}
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND in_app
        AND id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return rows.map((r) => Number(r.id));
}

/** Marks the person's unread notices read: these ids, or all of them; answers how many changed. */
export async function markRead(
  db: Db,
  tenantId: number,
  userId: number,
  ids: readonly number[] | 'all',
): Promise<number> {
  const rows = await sqlRows<{ id: string | number }>(
    db,
    sql`UPDATE ${notifications} SET read_at = now()
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND in_app AND read_at IS NULL
        ${ids === 'all' ? sql`` : sql`AND id = ANY(${`{${ids.join(',')}}`}::bigint[])`}
      RETURNING id`,
  );
  return rows.length;
}
