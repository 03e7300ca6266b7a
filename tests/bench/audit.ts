import { and, eq, sql } from 'drizzle-orm';
import { hierarchyNodes, positions, roles, users } from '../../server/db/schema';
import { sqlRows } from '../../server/lib/jsonRows';
import { startSession } from '../../server/modules/session/service';
import { apiCaller, benchApp, freshDatabase, onEachDatabase } from './benchSetup';
import { isoDay, taskColumnsBut, taskForEveryStore } from './benchTasks';
import { BENCH_OWNER, FIVE_THOUSAND_STORES, generateLargeTenant } from './largeTenant';
import { measure, report } from './measure';

/** Tasks needing approval, each sent to every store: 60 × 5,000 = 300,000 reviewed completions. */
const TASKS = Number(process.env.BENCH_AUDIT_TASKS ?? 60);

async function runOn(kind: 'pglite' | 'postgres') {
  console.log(`\nAudit — 5,000-store tenant on ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`);
  const { database, drop } = await freshDatabase(kind, 'audit');
  const db = database.db;
  try {
    const made = await generateLargeTenant(db, FIVE_THOUSAND_STORES);
    report('generate tenant', `${made.stores} stores in ${(made.ms / 1000).toFixed(1)} s`);
    const tenantId = made.tenantId;
    const app = await benchApp(database);
    const [owner] = await db
      .select()
      .from(users)
      .where(
        and(eq(users.tenantId, tenantId), eq(users.username, BENCH_OWNER(FIVE_THOUSAND_STORES.identifier))),
      );
    // An area manager of one area (25 stores).
    const [area] = await db
      .select({ id: hierarchyNodes.id })
      .from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.name, 'Area 1.1')));
    const [areaRole] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.name, 'Area Manager')));
    const [manager] = await db
      .insert(users)
      .values({
        tenantId,
        username: 'area@bench.bench',
        email: 'area@bench.bench',
        firstname: 'Area',
        lastname: 'Manager',
        passwordHash: 'x',
      })
      .returning();
    await db
      .insert(positions)
      .values({ tenantId, userId: manager!.id, nodeId: area!.id, roleId: areaRole!.id });
    const headers = async (userId: number) => ({
      authorization: `Bearer ${await startSession(db, tenantId, userId)}`,
    });
    const ownerHeaders = await headers(owner!.id);
    const areaHeaders = await headers(manager!.id);
    const call = apiCaller(app);

    const task = await taskForEveryStore(db, tenantId, 'Task');
    // One real task through the API (a draft: the copies below carry the history).
    const created = await call(
      'POST',
      '/api/admin/task/create',
      ownerHeaders,
      task.body({
        title: 'Shelf photo',
        description: '<p>Photograph the end-cap.</p>',
        evidence: { comment: false, photos: 1, files: 0 },
        approval: true,
      }),
    );
    const template = Number(created.data.id);
    if (kind === 'postgres') await db.execute(sql`ANALYZE`);

    // History: each copy is a day's task at every store, submitted there. 1 in 20 waits, 1 in 20
    // was sent back and not redone yet, 1 in 20 was sent back and approved at attempt 2, the rest
    // approved first time.
    const started = performance.now();
    const list = await taskColumnsBut(db, ['id', 'status', 'title']);
    for (let k = 1; k <= TASKS; k++) {
      await db.execute(sql`
        WITH copy AS (
          INSERT INTO tasks (${list}, status, title)
          SELECT ${list}, 'published', ${`Shelf photo, day ${k}`} FROM tasks WHERE tenant_id = ${tenantId} AND id = ${template}
          RETURNING id),
        a AS (
          INSERT INTO task_assignments (tenant_id, task_id, workspace_node_id, occurrence_date, due_date, status, attempt, first_time_right, start_at, due_at)
          SELECT ${tenantId}, copy.id, n.id, current_date - ${k}::int, current_date - ${k}::int,
            CASE (n.id + ${k}) % 20 WHEN 0 THEN 'submitted' WHEN 1 THEN 'rejected' ELSE 'approved' END,
            CASE (n.id + ${k}) % 20 WHEN 2 THEN 2 ELSE 1 END,
            CASE WHEN (n.id + ${k}) % 20 > 2 THEN true WHEN (n.id + ${k}) % 20 IN (1, 2) THEN false END,
            (current_date - ${k}::int)::timestamptz, (current_date - ${k}::int)::timestamptz + interval '23 hours'
          FROM copy CROSS JOIN hierarchy_nodes n
          WHERE n.tenant_id = ${tenantId} AND n.type = 'workspace'
          RETURNING id, status, attempt, due_at)
        INSERT INTO task_submissions (tenant_id, assignment_id, attempt, outcome, submitted_by, submitted_at, reviewed_by, reviewed_at, decision, review_reason)
        SELECT ${tenantId}, a.id, s.attempt, 'done', ${owner!.id}, a.due_at - interval '2 hours' + s.attempt * interval '30 minutes',
          CASE WHEN s.decision IS NULL THEN NULL ELSE ${owner!.id}::int END,
          CASE WHEN s.decision IS NULL THEN NULL ELSE a.due_at END,
          s.decision, CASE WHEN s.decision = 'rejected' THEN 'Blurred' END
        FROM a CROSS JOIN LATERAL (
          SELECT 1 AS attempt, CASE a.status WHEN 'submitted' THEN NULL WHEN 'rejected' THEN 'rejected'
            ELSE CASE WHEN a.attempt = 2 THEN 'rejected' ELSE 'approved' END END AS decision
          UNION ALL
          SELECT 2, 'approved' WHERE a.attempt = 2) s`);
    }
    // As the running product has them: autovacuum on PostgreSQL, the hourly ANALYZE on PGlite.
    await db.execute(sql`ANALYZE`);
    const [counts] = await sqlRows<{ n: number; waiting: number }>(
      db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE decision IS NULL)::int AS waiting
        FROM task_submissions WHERE tenant_id = ${tenantId}`,
    );
    report(
      'history written',
      `${counts!.n.toLocaleString('en')} submissions, ${counts!.waiting.toLocaleString('en')} waiting, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const week = isoDay(new Date(Date.now() - 7 * 86_400_000));
    await measure('GET /api/audit/task/list (owner, 5,000 stores)', () =>
      call('GET', '/api/audit/task/list?page=1&per_page=25', ownerHeaders),
    );
    await measure('GET /api/audit/task/list?status=all (owner)', () =>
      call('GET', '/api/audit/task/list?status=all&page=1&per_page=25', ownerHeaders),
    );
    await measure('GET /api/audit/task/list, last 7 days (owner)', () =>
      call('GET', `/api/audit/task/list?from=${week}&page=1&per_page=25`, ownerHeaders),
    );
    await measure('GET /api/audit/store/list (owner)', () =>
      call('GET', '/api/audit/store/list?page=1&per_page=25', ownerHeaders),
    );
    await measure('GET /api/audit/store/list (area manager, 25 stores)', () =>
      call('GET', '/api/audit/store/list?page=1&per_page=25', areaHeaders),
    );
    const queue = await call('GET', '/api/audit/task/list?page=1&per_page=1', ownerHeaders);
    const taskId = (queue.data.data as { id: number }[])[0]!.id;
    await measure('GET /api/audit/submission/list (a task, waiting)', () =>
      call('GET', `/api/audit/submission/list?task_id=${taskId}&per_page=100`, ownerHeaders),
    );
    const waiting = (
      await call('GET', `/api/audit/submission/list?task_id=${taskId}&per_page=200`, ownerHeaders)
    ).data.data as { id: number }[];
    await measure('GET /api/audit/submission/get', () =>
      call('GET', `/api/audit/submission/get?id=${waiting[0]!.id}`, ownerHeaders),
    );
    let next = 0;
    await measure(
      'POST /api/audit/approve (10 at a time)',
      () => {
        const ids = waiting.slice(next, next + 10).map((w) => w.id);
        next += 10;
        return call('POST', '/api/audit/approve', ownerHeaders, { ids });
      },
      Math.min(10, Math.floor(waiting.length / 10) - 2),
    );
    await app.close();
  } finally {
    await drop();
  }
}

/** Issue 12: the audit queues over 300,000 reviewed completions at 5,000 stores. */
export async function auditBench() {
  await onEachDatabase(runOn);
}
