import { and, eq, isNull, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { hierarchyNodes, taskTypes, users } from '../../server/db/schema';
import { sqlRows } from '../../server/lib/jsonRows';
import { startSession } from '../../server/modules/session/service';
import { BENCH_OWNER, generateLargeTenant, type LargeTenantShape } from './largeTenant';
import { ms, report } from './measure';
import { freshDatabase } from './tasks';

/** Issue 29's tenant: 5,000 stores of 10 people, about 50,000 people to tell. */
const FIFTY_THOUSAND_PEOPLE: LargeTenantShape = {
  identifier: 'notify',
  states: 8,
  areasPerState: 25,
  storesPerArea: 25,
  peoplePerStore: 10,
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function runOn(kind: 'pglite' | 'postgres') {
  console.log(
    `\nNotifications — 5,000 stores × 10 people on ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`,
  );
  const { database, drop } = await freshDatabase(kind, 'notify');
  const db = database.db;
  try {
    const made = await generateLargeTenant(db, FIFTY_THOUSAND_PEOPLE);
    report(
      'generate tenant',
      `${made.stores} stores, ${made.people} people in ${(made.ms / 1000).toFixed(1)} s`,
    );
    const app = await buildApp({
      config: { ...loadConfig({}), webRoot: undefined, jobWorkers: false },
      database,
      logger: false,
    });
    await app.ready();
    const [owner] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, made.tenantId), eq(users.username, BENCH_OWNER('notify'))));
    const headers = { authorization: `Bearer ${await startSession(db, made.tenantId, owner!.id)}` };
    const [root] = await db
      .select({ id: hierarchyNodes.id })
      .from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, made.tenantId), isNull(hierarchyNodes.parentId)));
    const [urgent] = await db
      .select({ id: taskTypes.id })
      .from(taskTypes)
      .where(and(eq(taskTypes.tenantId, made.tenantId), eq(taskTypes.name, 'Urgent')));
    const call = async (url: string, payload: unknown) => {
      const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { data: Record<string, unknown> };
    };
    const told = async () =>
      (
        await sqlRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM notifications WHERE tenant_id = ${made.tenantId}`,
        )
      )[0]?.n ?? 0;

    for (let run = 1; run <= 3; run++) {
      const today = new Date();
      const created = await call('/api/admin/task/create', {
        title: `Recall ${run}: batch 42`,
        description: '<p>Take batch 42 off the shelf.</p>',
        type_id: urgent!.id,
        start_date: isoDay(today),
        start_time: '00:00',
        due_date: isoDay(today),
        due_time: '23:59',
        targets: { include: [root!.id] },
        evidence: { comment: false, photos: 0, files: 0 },
      });
      const before = await told();
      // The publish request: every store's assignment and the notices' jobs, in one transaction.
      let started = performance.now();
      const published = await call('/api/admin/task/publish', { id: created.data.id });
      const publishMs = performance.now() - started;
      // The worker's part: every person's notice, one statement per start instant.
      started = performance.now();
      const jobs = await app.jobs.drain();
      const deliverMs = performance.now() - started;
      report(
        `urgent task to every store, run ${run}`,
        `publish (assignments + queued notices) ${ms(publishMs)}; in-app notices delivered ${ms(deliverMs)} ` +
          `(${published.data.assignments} assignments, ${(await told()) - before} people told, ${jobs} jobs)`,
      );
    }
    await app.close();
  } finally {
    await drop();
  }
}

/** Issue 29's figure: publishing an urgent task to 5,000 stores (about 50,000 people) and telling them. */
export async function notificationsBench() {
  if (process.env.BENCH_ONLY !== 'postgres') await runOn('pglite');
  if (process.env.DATABASE_URL) await runOn('postgres');
  else console.log('  (set DATABASE_URL to measure on PostgreSQL too)');
}
