import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { sqlRows } from '../../server/lib/jsonRows';
import { benchApp, freshDatabase, onEachDatabase, sessionHeaders } from './benchSetup';
import { isoDay, taskColumnsBut, taskForEveryStore } from './benchTasks';
import { BENCH_OWNER, generateLargeTenant, type LargeTenantShape } from './largeTenant';
import { measure, report } from './measure';

/** 4 states × 5 areas × 25 stores = the 500 stores. */
const FIVE_HUNDRED_STORES: LargeTenantShape = {
  identifier: 'bench500',
  states: 4,
  areasPerState: 5,
  storesPerArea: 25,
  peoplePerStore: 1,
};
/** Compliance checks due in the range the grid is asked for (its rows). */
const CHECKS = 30;
/** Older compliance checks and plain tasks around them, which the grid has to leave out. */
const OLD_CHECKS = 60;
const PLAIN_TASKS = 200;

const dayOffset = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));

/**
 * Copies of the template task, each assigned to every store on a day `firstDay + k % spread`, its
 * status picked from the (task, store) pair so every state of the grid is present.
 */
async function copyAssigned(
  db: Db,
  tenantId: number,
  template: number,
  copies: number,
  compliance: boolean,
  firstDay: number,
  spread: number,
) {
  const list = await taskColumnsBut(db, ['id', 'compliance']);
  const batch = 20;
  for (let done = 0; done < copies; done += batch) {
    const n = Math.min(batch, copies - done);
    await db.execute(sql`
      WITH src AS (SELECT ${list} FROM tasks WHERE tenant_id = ${tenantId} AND id = ${template}),
      copies AS (
        INSERT INTO tasks (${list}, compliance)
        SELECT ${list}, ${compliance} FROM src, generate_series(1, ${n})
        RETURNING id)
      INSERT INTO task_assignments (tenant_id, task_id, workspace_node_id, occurrence_date, due_date, status,
        start_at, due_at, expires_at, completed_at)
      SELECT ${tenantId}, c.id, n.id, d.day, d.day, s.status,
        d.day::timestamptz, d.day::timestamptz + interval '23 hours', d.day::timestamptz + interval '47 hours',
        CASE WHEN s.status IN ('done', 'approved', 'submitted')
          THEN d.day::timestamptz + interval '23 hours' + (CASE WHEN (c.id + n.id) % 10 = 4 THEN 2 ELSE -2 END) * interval '1 hour' END
      FROM (SELECT id, ${done} + row_number() OVER (ORDER BY id) AS k FROM copies) c
      CROSS JOIN LATERAL (SELECT (current_date + (${firstDay} + (c.k % ${spread}))::int) AS day) d
      JOIN hierarchy_nodes n ON n.tenant_id = ${tenantId} AND n.type = 'workspace'
      CROSS JOIN LATERAL (SELECT (ARRAY['done', 'approved', 'done', 'approved', 'done', 'submitted',
        'rejected', 'open', 'cannot_do', 'expired'])[1 + (c.id + n.id) % 10] AS status) s`);
  }
}

/** A fresh database holding the 500-store tenant and its checks; an app over it, the owner's headers. */
export async function complianceData(kind: 'pglite' | 'postgres') {
  const { database, drop } = await freshDatabase(kind, 'compliance');
  const db = database.db;
  try {
    const made = await generateLargeTenant(db, FIVE_HUNDRED_STORES);
    const app = await benchApp(database);
    const headers = await sessionHeaders(db, made.tenantId, BENCH_OWNER(FIVE_HUNDRED_STORES.identifier));
    const task = await taskForEveryStore(db, made.tenantId, 'Task');
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/task/create',
      headers,
      payload: task.body({
        title: 'Compliance: fire exits clear',
        description: '<p>Walk every exit.</p>',
        estimated_minutes: 10,
        due_time: '23:00',
      }),
    });
    if (created.statusCode !== 200) throw new Error(`task create: ${created.body}`);
    const template = Number(created.json().data.id);

    const started = performance.now();
    // The grid's rows: 30 checks due over the last 5 days and the next 2.
    await copyAssigned(db, made.tenantId, template, CHECKS, true, -5, 7);
    // Around them: older checks and plain tasks over the last 60 days (some inside the range).
    await copyAssigned(db, made.tenantId, template, OLD_CHECKS, true, -70, 60);
    await copyAssigned(db, made.tenantId, template, PLAIN_TASKS, false, -60, 62);
    if (kind === 'postgres') await db.execute(sql`ANALYZE`);
    const [{ n: total } = { n: 0 }] = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM task_assignments WHERE tenant_id = ${made.tenantId}`,
    );
    report(
      'data written',
      `${made.stores} stores, ${total.toLocaleString('en')} assignments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    return {
      app,
      db,
      tenantId: made.tenantId,
      headers,
      drop,
      range: `from=${dayOffset(-6)}&to=${dayOffset(3)}`,
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function runOn(kind: 'pglite' | 'postgres') {
  console.log(
    `\nCompliance — ${CHECKS} checks × 500 stores on ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`,
  );
  const { app, headers, drop, range } = await complianceData(kind);
  try {
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const first = await get(`/api/compliance/grid?${range}`);
    const grid = first.json().data as { rows: unknown[]; columns: unknown[] };
    report(
      'grid size',
      `${grid.rows.length} rows × ${grid.columns.length} columns, ${(first.rawPayload.length / 1024).toFixed(0)} KB`,
    );
    await measure('GET /api/compliance/grid (500 stores × 30 checks)', () =>
      get(`/api/compliance/grid?${range}`),
    );
    await measure('GET /api/compliance/grid (exceptions only)', () =>
      get(`/api/compliance/grid?${range}&exceptions=true`),
    );
    await measure('GET /api/compliance/grid (group=area)', () =>
      get(`/api/compliance/grid?${range}&group=area`),
    );
    await measure('GET /api/compliance/export (CSV)', () =>
      get(`/api/compliance/export?${range}&format=csv`),
    );
    await measure('GET /api/compliance/export (XLSX)', () =>
      get(`/api/compliance/export?${range}&format=xlsx`),
    );
  } finally {
    await app.close();
    await drop();
  }
}

/** Issue 12: the compliance grid for 500 stores × 30 checks (goal ≤ 300 ms). */
export async function complianceBench() {
  await onEachDatabase(runOn);
}
