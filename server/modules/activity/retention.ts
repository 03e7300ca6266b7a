import { and, eq, sql } from 'drizzle-orm';
import { ACTIVITY_RETENTION_SETTING } from '../../../contract/api/settings';
import type { Db } from '../../db/client';
import { allowLongWork } from '../../db/limits';
import { settings } from '../../db/schema';
import { appendEntry } from '../../lib/activity';
import { sqlRows } from '../../lib/jsonRows';

/**
 * Removes one tenant's entries older than its retention, and says so in the log itself, in one
 * transaction: the removal (the only DELETE the table's trigger lets through, by SET LOCAL in this
 * transaction), the system's entry naming how many and up to when, and the chain's new start (the
 * first entry kept and the hash it follows), so verify still finds the chain whole.
 */
export async function applyRetention(
  db: Db,
  tenantId: number,
  days: number,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  return db.transaction(async (tx) => {
    // The first run on an old log deletes years of entries at once.
    await allowLongWork(tx);
    // On Citus the trigger runs on the worker holding the shard: Citus passes SET LOCAL on to the
    // workers of this transaction only when told to (elsewhere the setting is a harmless placeholder).
    await tx.execute(sql`SET LOCAL citus.propagate_set_commands = 'local'`);
    await tx.execute(sql`SET LOCAL storeline.activity_retention = 'on'`);
    const [removed] = await sqlRows<{ n: string }>(
      tx,
      sql`WITH gone AS (DELETE FROM activity_entries WHERE tenant_id = ${tenantId} AND at < ${before} RETURNING 1)
          SELECT count(*)::text AS n FROM gone`,
    );
    const n = Number(removed?.n ?? 0);
    if (n === 0) return 0;
    await appendEntry(tx, {
      tenantId,
      actorId: null,
      actorName: 'System',
      actorPosition: '',
      action: 'activity.retention',
      entity: 'activity',
      entityId: null,
      entityName: null,
      changes: { removed: { after: n }, older_than: { after: before }, retention_days: { after: days } },
      scopePath: '',
      ip: null,
    });
    await tx.execute(sql`
      UPDATE activity_heads h SET first_seq = e.seq, first_prev_hash = e.prev_hash
      FROM (SELECT seq, prev_hash FROM activity_entries WHERE tenant_id = ${tenantId} ORDER BY seq LIMIT 1) e
      WHERE h.tenant_id = ${tenantId}`);
    return n;
  });
}

/** Every tenant that set a retention, with its days. */
export async function tenantsWithRetention(db: Db): Promise<{ tenantId: number; days: number }[]> {
  const rows = await db
    .select({ tenantId: settings.tenantId, value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, ACTIVITY_RETENTION_SETTING)));
  return rows
    .map((r) => ({ tenantId: r.tenantId, days: Number(r.value) }))
    .filter((r) => Number.isInteger(r.days) && r.days > 0);
}
