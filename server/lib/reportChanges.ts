import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
 * Registers, in a routes plugin that writes assignments or the tree, a hook that follows a
 * successful write which changed a rolled day (a late completion, a review, a store moved) with
 * a roll-up job for the caller's tenant. Writes about today change nothing rolled and queue
 * nothing; until the job has run, readers take the changed days live (see report/plan.ts).
 */
export function rollReportsAfterWrites(app: FastifyInstance) {
  // onSend, not onResponse: the job is queued before the answer leaves (tests drain it next).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || reply.statusCode >= 300 || !request.caller) return payload;
    const tenantId = request.caller.tenantId;
    try {
      const [row] = await sqlRows<{ changed: boolean }>(
        app.db,
        sql`SELECT EXISTS (SELECT 1 FROM report_stale_days s
          JOIN report_rollups r ON r.tenant_id = s.tenant_id
          WHERE s.tenant_id = ${tenantId} AND s.due_date <= r.rolled_through) AS changed`,
      );
      if (row?.changed) await queueReportRollup(app.jobs, app.db, tenantId);
    } catch (err) {
      request.log.error({ err }, 'could not enqueue the report roll-up');
    }
    return payload;
  });
}
