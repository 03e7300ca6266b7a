import { and, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ActivityListQuery } from '../../../contract/api/activity';
import type { Db } from '../../db/client';
import { activityEntries, activityHeads } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { containing } from '../../lib/like';
import { totalCount } from '../../lib/paging';

export type ActivityRow = typeof activityEntries.$inferSelect;
export type ActivityFilter = Omit<ActivityListQuery, 'page' | 'per_page'>;

/**
 * What the caller may read: their tenant's entries; below the root, only those about their part
 * of the tree (an entry's scope path is its entity's place, or where its author stood).
 */
function visible(caller: Caller, filter: ActivityFilter): SQL | undefined {
  const t = activityEntries;
  const q = filter.q?.trim();
  return and(
    eq(t.tenantId, caller.tenantId),
    caller.nodeType === 'root' ? undefined : sql`${t.scopePath} LIKE ${`${caller.scope.path}%`}`,
    filter.from ? gte(t.at, filter.from) : undefined,
    filter.to ? lte(t.at, filter.to) : undefined,
    filter.actor_id ? eq(t.actorId, filter.actor_id) : undefined,
    filter.entity ? eq(t.entity, filter.entity) : undefined,
    filter.entity_id ? eq(t.entityId, filter.entity_id) : undefined,
    filter.action ? eq(t.action, filter.action) : undefined,
    q
      ? or(
          ilike(t.actorName, containing(q)),
          ilike(t.entityName, containing(q)),
          ilike(t.action, containing(q)),
          ilike(t.entity, containing(q)),
          eq(t.entityId, q),
        )
      : undefined,
  );
}

/** A page of the log, newest first, with the filtered total. */
export async function listEntries(
  db: Db,
  caller: Caller,
  filter: ActivityFilter,
  page: number,
  perPage: number,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const rows = await db
    .select({ row: activityEntries, total: totalCount() })
    .from(activityEntries)
    .where(visible(caller, filter))
    .orderBy(desc(activityEntries.seq))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length > 0) return { rows: rows.map((r) => r.row), total: rows[0]!.total };
  if (page === 1) return { rows: [], total: 0 };
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(activityEntries)
    .where(visible(caller, filter));
  return { rows: [], total: count?.n ?? 0 };
}

/** Up to `limit` entries of the filter, newest first (an export). */
export function exportEntries(db: Db, caller: Caller, filter: ActivityFilter, limit: number) {
  return db
    .select()
    .from(activityEntries)
    .where(visible(caller, filter))
    .orderBy(desc(activityEntries.seq))
    .limit(limit);
}

/** The chain's head: its last entry and where it starts after retention. */
export async function findHead(db: Db, tenantId: number) {
  const [head] = await db.select().from(activityHeads).where(eq(activityHeads.tenantId, tenantId));
  return head;
}

/** Entries after `afterSeq` in chain order, `at` as the recorder hashed it (ISO, milliseconds). */
export function chainPage(db: Db, tenantId: number, afterSeq: number, limit: number) {
  return db
    .select({
      row: activityEntries,
      iso: sql<string>`to_char(${activityEntries.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(activityEntries)
    .where(and(eq(activityEntries.tenantId, tenantId), sql`${activityEntries.seq} > ${afterSeq}`))
    .orderBy(activityEntries.seq)
    .limit(limit);
}
