import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Jobs } from '../plugins/jobs';
import { debounceSlot } from './jobQueue';
import { sqlRows } from './jsonRows';

/** A burst of writes queues at most one roll-up per tenant in this many seconds (and one after it). */
const DEBOUNCE_SECONDS = 30;

/**
 * Queues, on `db`, a `reports.rollup` job for the tenant: one per half minute however many
 * writes, started when that half minute ends.
 */
export function queueReportRollup(jobs: Jobs, db: Db, tenantId: number) {
  return jobs.send(
    db,
    'reports.rollup',
    { tenantId },
    debounceSlot(`reports.rollup:${tenantId}`, DEBOUNCE_SECONDS),
  );
}

/**
 * Called by a service that wrote assignments, their submissions or acknowledgements, or the tree,
 * inside its transaction `tx` after the write: when the write changed a day already rolled (a
 * late completion, a review, a store moved — migration 0009 marks those days), it queues the
 * roll-up job in the same transaction, so the job exists exactly when the write commits. Writes
 * about today change nothing rolled and queue nothing; until the job has run, readers take the
 * changed days live (see report/plan.ts).
 */
export async function queueReportRollupIfChanged(jobs: Jobs, tx: Db, tenantId: number) {
  const [row] = await sqlRows<{ changed: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM report_stale_days s
      JOIN report_rollups r ON r.tenant_id = s.tenant_id
      WHERE s.tenant_id = ${tenantId} AND s.due_date <= r.rolled_through) AS changed`,
  );
  if (row?.changed) await queueReportRollup(jobs, tx, tenantId);
}
