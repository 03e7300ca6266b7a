import { sql } from 'drizzle-orm';
import { sqlRows } from '../../server/lib/jsonRows';
import { scanTenant } from '../../server/modules/notification/scheduled';
import { apiCaller, benchApp, freshDatabase, onEachDatabase, sessionHeaders } from './benchSetup';
import { taskForEveryStore } from './benchTasks';
import { BENCH_OWNER, generateLargeTenant, type LargeTenantShape } from './largeTenant';
import { ms, report } from './measure';

/** Issue 29's tenant: 5,000 stores of 10 people, about 50,000 people to tell. */
const FIFTY_THOUSAND_PEOPLE: LargeTenantShape = {
  identifier: 'notify',
  states: 8,
  areasPerState: 25,
  storesPerArea: 25,
  peoplePerStore: 10,
};

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
    const app = await benchApp(database);
    await app.ready();
    const headers = await sessionHeaders(db, made.tenantId, BENCH_OWNER('notify'));
    const urgent = await taskForEveryStore(db, made.tenantId, 'Urgent');
    const call = apiCaller(app);
    const post = (url: string, payload: unknown) => call('POST', url, headers, payload);
    const told = async () =>
      (
        await sqlRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM notifications WHERE tenant_id = ${made.tenantId}`,
        )
      )[0]?.n ?? 0;

    for (let run = 1; run <= 3; run++) {
      const created = await post(
        '/api/admin/task/create',
        urgent.body({ title: `Recall ${run}: batch 42`, description: '<p>Take batch 42 off the shelf.</p>' }),
      );
      const before = await told();
      // The publish request: every store's assignment and the notices' jobs, in one transaction.
      let started = performance.now();
      const published = await post('/api/admin/task/publish', { id: created.data.id });
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
    // The clock's events over the same tenant: a scan a day after the three tasks were due
    // escalates every store's undone assignments (both steps) in one transaction.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const before = await told();
    const started = performance.now();
    await scanTenant(db, {}, made.tenantId, later);
    report(
      'scan a day after due (escalations of 15,000 undone assignments)',
      `${ms(performance.now() - started)} (${(await told()) - before} notices)`,
    );
    await app.close();
  } finally {
    await drop();
  }
}

/** Issue 29's figure: publishing an urgent task to 5,000 stores (about 50,000 people) and telling them. */
export async function notificationsBench() {
  await onEachDatabase(runOn);
}
