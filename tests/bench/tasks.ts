import { and, eq, sql } from 'drizzle-orm';
import { REPORT_NAMES } from '../../contract/api/reports';
import { hierarchyNodes } from '../../server/db/schema';
import { sqlRows } from '../../server/lib/jsonRows';
import { apiCaller, benchApp, freshDatabase, onEachDatabase, sessionHeaders } from './benchSetup';
import { isoDay, taskColumnsBut, taskForEveryStore } from './benchTasks';
import { BENCH_OWNER, FIVE_THOUSAND_STORES, generateLargeTenant } from './largeTenant';
import { measure, ms, report } from './measure';

/** Assignments the list and My Tasks are measured against (the issues' figure: 2 million). */
const TARGET_ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 2_000_000);

async function runOn(kind: 'pglite' | 'postgres') {
  console.log(`\nTasks — 5,000-store tenant on ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`);
  const { database, drop } = await freshDatabase(kind);
  const db = database.db;
  try {
    const made = await generateLargeTenant(db, FIVE_THOUSAND_STORES);
    report(
      'generate tenant',
      `${made.stores} stores, ${made.people} people in ${(made.ms / 1000).toFixed(1)} s`,
    );
    const app = await benchApp(database);
    const ownerHeaders = await sessionHeaders(
      db,
      made.tenantId,
      BENCH_OWNER(FIVE_THOUSAND_STORES.identifier),
    );
    const memberHeaders = await sessionHeaders(
      db,
      made.tenantId,
      `member.1.1@${FIVE_THOUSAND_STORES.identifier}.bench`,
    );
    const call = apiCaller(app);
    const task = await taskForEveryStore(db, made.tenantId, 'Task');
    const body = (title: string, extra: Record<string, unknown> = {}) =>
      task.body({
        title,
        description: '<p>Count the stock in aisle 4.</p>',
        estimated_minutes: 20,
        ...extra,
      });
    const publishTimed = async (title: string, extra: Record<string, unknown> = {}) => {
      const created = await call('POST', '/api/admin/task/create', ownerHeaders, body(title, extra));
      const started = performance.now();
      const published = await call('POST', '/api/admin/task/publish', ownerHeaders, { id: created.data.id });
      return {
        id: Number(created.data.id),
        ms: performance.now() - started,
        assignments: Number(published.data.assignments),
      };
    };

    const once: number[] = [];
    let onceAssignments = 0;
    let template = 0;
    for (let i = 1; i <= 3; i++) {
      const run = await publishTimed(`One-off count ${i}`);
      once.push(run.ms);
      onceAssignments = run.assignments;
      template = run.id;
    }
    once.sort((a, b) => a - b);
    report(
      'publish a one-off task to every store',
      `median ${ms(once[1]!)}  min ${ms(once[0]!)}  max ${ms(once[2]!)}  (${onceAssignments} assignments, 3 runs)`,
    );
    const daily = await publishTimed('Daily opening check', { recurrence: { freq: 'daily', interval: 1 } });
    report(
      'publish a daily task, 14 days materialised',
      `${ms(daily.ms)}  (${daily.assignments} assignments)`,
    );

    // Issue 48: a task that carries a form, scheduled daily to every store in one publish.
    const form = await call('POST', '/api/form-template/create', ownerHeaders, {
      name: 'Store opening standards',
      definition: {
        sections: [
          {
            id: 'front',
            title: 'Front of store',
            questions: [
              {
                id: 'clean',
                kind: 'yes_no',
                prompt: 'Is the entrance clean?',
                required: true,
                weight: 2,
                allow_na: false,
              },
              {
                id: 'fridge',
                kind: 'number',
                prompt: 'Fridge temperature',
                required: true,
                weight: 3,
                allow_na: false,
                min: 0,
                max: 5,
              },
            ],
          },
        ],
      },
    });
    const formDaily = await publishTimed('Daily opening standards', {
      form_template_id: Number(form.data.id),
      recurrence: { freq: 'daily', interval: 1 },
    });
    report(
      'publish a daily form task, 14 days materialised',
      `${ms(formDaily.ms)}  (${formDaily.assignments} assignments)`,
    );

    // History up to the target: copies of the one-off task, each assigned to every store on an
    // earlier day, half done — by one of the store's two people, one in ten late, one in eight
    // after being sent back. Written in bulk (the engine's own statement was measured above).
    const countAssignments = () =>
      sqlRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM task_assignments WHERE tenant_id = ${made.tenantId}`,
      );
    const [{ n: have } = { n: 0 }] = await countAssignments();
    // Fresh tables have no statistics until autovacuum gets to them; without them PostgreSQL checks
    // each new row's foreign keys by scanning the 15,000 nodes instead of their primary key.
    if (kind === 'postgres') await db.execute(sql`ANALYZE`);
    const copies = Math.max(0, Math.ceil((TARGET_ASSIGNMENTS - have) / made.stores));
    const fillStarted = performance.now();
    const list = await taskColumnsBut(db, ['id']);
    const batch = 50;
    for (let done = 0; done < copies; done += batch) {
      const n = Math.min(batch, copies - done);
      await db.execute(sql`
        WITH src AS (SELECT ${list} FROM tasks WHERE tenant_id = ${made.tenantId} AND id = ${template}),
        copies AS (
          INSERT INTO tasks (${list})
          SELECT ${list} FROM src, generate_series(1, ${n})
          RETURNING id)
        INSERT INTO task_assignments (tenant_id, task_id, workspace_node_id, occurrence_date, due_date, status,
          start_at, due_at, completed_by, completed_at, first_time_right)
        SELECT ${made.tenantId}, c.id, n.id, d.day, d.day, CASE WHEN f.done THEN 'done' ELSE 'open' END,
          d.day::timestamptz, d.day::timestamptz + interval '23 hours',
          CASE WHEN NOT f.done THEN NULL WHEN (c.id + n.id) % 4 = 0 THEN p.first ELSE p.second END,
          CASE WHEN NOT f.done THEN NULL
            ELSE d.day::timestamptz + CASE WHEN (c.id + n.id) % 10 = 0 THEN interval '25 hours' ELSE interval '20 hours' END
          END,
          CASE WHEN f.done THEN (c.id + n.id) % 8 <> 0 END
        FROM (SELECT id, ${done} + row_number() OVER (ORDER BY id) AS k FROM copies) c
        CROSS JOIN LATERAL (SELECT (current_date - (1 + c.k % 60)::int) AS day) d
        JOIN hierarchy_nodes n ON n.tenant_id = ${made.tenantId} AND n.type = 'workspace'
        JOIN (SELECT node_id, min(user_id) AS first, max(user_id) AS second FROM positions
          WHERE tenant_id = ${made.tenantId} GROUP BY node_id) p ON p.node_id = n.id
        CROSS JOIN LATERAL (SELECT (c.id + n.id) % 2 = 0 AS done) f`);
    }
    if (kind === 'postgres') await db.execute(sql`ANALYZE`);
    const [{ n: total } = { n: 0 }] = await countAssignments();
    report(
      'history written',
      `${total.toLocaleString('en')} assignments in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`,
    );

    await measure('GET /api/admin/task/list (page 1 of 25, owner)', () =>
      call('GET', '/api/admin/task/list?page=1&per_page=25', ownerHeaders),
    );
    const now = Math.floor(Date.now() / 1000);
    const zone = encodeURIComponent('Australia/Sydney');
    await measure('GET /api/user/task/date (a store team member)', () =>
      call('GET', `/api/user/task/date?datetime=${now}&timezone=${zone}`, memberHeaders),
    );
    await measure('GET /api/user/task/urgent (a store team member)', () =>
      call('GET', `/api/user/task/urgent?datetime=${now}&timezone=${zone}`, memberHeaders),
    );

    // Issue 12: the compliance grid of one state (625 stores) over five days of checks (~33 tasks).
    await db.execute(sql`UPDATE tasks SET compliance = true WHERE tenant_id = ${made.tenantId}`);
    if (kind === 'postgres') await db.execute(sql`ANALYZE tasks`);
    const [state] = await db
      .select({ id: hierarchyNodes.id })
      .from(hierarchyNodes)
      .where(
        and(
          eq(hierarchyNodes.tenantId, made.tenantId),
          eq(hierarchyNodes.parentId, task.rootId),
          eq(hierarchyNodes.type, 'container'),
        ),
      )
      .limit(1);
    const day = (offset: number) => isoDay(new Date(Date.now() + offset * 86_400_000));
    await measure('GET /api/compliance/grid (a state: 625 stores × 5 days)', () =>
      call('GET', `/api/compliance/grid?from=${day(-6)}&to=${day(-2)}&node_id=${state!.id}`, ownerHeaders),
    );
    // Issue 13: the reports' roll-up of that history (the job's first run: every past day), then
    // every report over a quarter at the root (all 2 million assignments), and the dashboard.
    // Days before today come from the roll-up, today live (see server/modules/report/plan.ts).
    const rollupStarted = performance.now();
    await app.jobs.send(db, 'reports.rollup', { tenantId: made.tenantId });
    await app.jobs.drain();
    report(
      'reports.rollup job, first run (60 days)',
      `${((performance.now() - rollupStarted) / 1000).toFixed(1)} s`,
    );
    if (kind === 'postgres') await db.execute(sql`VACUUM ANALYZE`);
    const quarter = `from=${day(-89)}&to=${day(0)}`;
    for (const name of REPORT_NAMES) {
      await measure(
        `GET /api/report/${name} (quarter, root)`,
        () => call('GET', `/api/report/${name}?${quarter}`, ownerHeaders),
        5,
        1,
      );
    }
    await measure(
      'GET /api/dashboard/summary (root)',
      () => call('GET', `/api/dashboard/summary?today=${day(0)}`, ownerHeaders),
      5,
      1,
    );
    // A late completion on a rolled day: that day is counted live until the job rolls it again.
    await db.execute(sql`UPDATE task_assignments SET status = 'done', completed_at = now()
      WHERE tenant_id = ${made.tenantId} AND id = (SELECT min(id) FROM task_assignments
        WHERE tenant_id = ${made.tenantId} AND due_date = current_date - 10 AND status = 'open')`);
    await measure(
      'GET /api/report/overall (quarter, root, a day changed)',
      () => call('GET', `/api/report/overall?${quarter}`, ownerHeaders),
      5,
      1,
    );
    const againStarted = performance.now();
    await app.jobs.send(db, 'reports.rollup', { tenantId: made.tenantId });
    await app.jobs.drain();
    report('reports.rollup job, that day again', ms(performance.now() - againStarted));
    await app.close();
  } finally {
    await drop();
  }
}

/** Issue 10 and 11 figures: publishing to 5,000 stores, 14 days of a daily task, and the hot reads at 2 million assignments. */
export async function tasksBench() {
  // Its 2 million rows take minutes to write on PGlite: BENCH_ONLY=postgres skips that run.
  await onEachDatabase(runOn);
}
