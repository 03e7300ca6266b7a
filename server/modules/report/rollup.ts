import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allowLongWork } from '../../db/limits';
import { sqlRows } from '../../lib/jsonRows';
import { addDays, weekStartOf } from '../../lib/localDates';
import { COUNT_NAMES, countColumns, countList, countValues } from './counts';
import { dateArray } from './plan';

/*
 * The reports' roll-up (issue 13): per due date, the counts of every node above the workspaces
 * (report_node_days), of every workspace (report_store_periods) and of every person
 * (report_people_periods), computed from the assignments by the `reports.rollup` job. A day is
 * rolled once it is settled — every due and expiry time of its assignments has passed — so the
 * clock no longer changes its figures; writes still do, and each marks its day (migration 0009):
 * the job rolls those days again. Readers take the rest live (see plan.ts).
 */

/** Days rolled in one transaction: short enough that the embedded database is not held long. */
const DAYS_PER_TRANSACTION = 7;

/** Distinguishes the roll-up's advisory locks (one per tenant) from any other. */
const LOCK_SPACE = 13_013;

/**
 * Whether every assignment due yesterday (UTC) has its due and expiry time behind it, so that
 * yesterday is settled. Instants lie on their local due date (or the midnight after it) and zones
 * are at most 14 hours from UTC, so the days before it always are; yesterday may not be while a
 * store far west of UTC still has work due.
 */
async function yesterdaySettled(db: Db, tenantId: number, yesterday: string): Promise<boolean> {
  const [row] = await sqlRows<{ pending: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM task_assignments
      WHERE tenant_id = ${tenantId} AND due_date = ${yesterday}::date
        AND (due_at > now() OR expires_at > now())) AS pending`,
  );
  return !row!.pending;
}

/** The counts of the nodes above the workspaces, per task, for the days given. */
async function rollNodeDays(db: Db, tenantId: number, days: string[]) {
  await db.execute(
    sql`DELETE FROM report_node_days WHERE tenant_id = ${tenantId} AND due_date = ANY(${dateArray(days)})`,
  );
  // Counted per store's parent first (a day of 5,000 stores is then a few hundred rows), then
  // added up into every container on the parent's path.
  await db.execute(sql`
    INSERT INTO report_node_days (tenant_id, node_id, due_date, task_id, ${countList()}, first_occurrence, last_occurrence)
    SELECT ${tenantId}, anc.node_id, g.due_date, g.task_id,
      ${sumOfCounts('g')}, min(g.first_occurrence), max(g.last_occurrence)
    FROM (
      SELECT a.due_date, a.task_id, n.parent_id, ${countColumns()},
        min(a.occurrence_date) AS first_occurrence, max(a.occurrence_date) AS last_occurrence
      FROM task_assignments a
      JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
      WHERE a.tenant_id = ${tenantId} AND a.due_date = ANY(${dateArray(days)}) AND a.status <> 'cancelled'
        AND n.parent_id IS NOT NULL
      GROUP BY a.due_date, a.task_id, n.parent_id) g
    JOIN hierarchy_nodes p ON p.tenant_id = ${tenantId} AND p.id = g.parent_id
    CROSS JOIN LATERAL unnest(string_to_array(trim(both '/' from p.path), '/')::int[]) AS anc(node_id)
    GROUP BY anc.node_id, g.due_date, g.task_id`);
}

/** `sum(alias.count)::int` for every count, in COUNT_NAMES order. */
const sumOfCounts = (alias: string) =>
  sql.raw(COUNT_NAMES.map((name) => `sum(${alias}.${name})::int`).join(', '));

/** The weekly rows of a period table: its keys besides the period, and its counts. */
const PERIOD_TABLES = {
  report_store_periods: {
    keys: ['workspace_node_id', 'type_id', 'department_id'],
    counts: [...COUNT_NAMES],
  },
  report_people_periods: {
    keys: ['workspace_node_id', 'person_id', 'type_id', 'department_id'],
    counts: ['completed', 'on_time', 'first_time_right', 'rejected', 'acknowledged'],
  },
} as const;

/** The counts of every workspace and of every person, for the days given (communications apart). */
async function rollStoreAndPeopleDays(db: Db, tenantId: number, days: string[]) {
  const list = dateArray(days);
  await db.execute(sql`DELETE FROM report_store_periods
    WHERE tenant_id = ${tenantId} AND period_days = 1 AND period_start = ANY(${list})`);
  await db.execute(sql`
    INSERT INTO report_store_periods
      (tenant_id, period_days, period_start, workspace_node_id, type_id, department_id, ${countList()})
    SELECT ${tenantId}, 1, a.due_date, a.workspace_node_id, t.type_id, coalesce(t.department_id, 0), ${countValues()}
    FROM task_assignments a
    JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
    JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
    WHERE a.tenant_id = ${tenantId} AND a.due_date = ANY(${list}) AND a.status <> 'cancelled'
      AND tt.kind <> 'communication'
    GROUP BY a.due_date, a.workspace_node_id, t.type_id, coalesce(t.department_id, 0)`);

  await db.execute(sql`DELETE FROM report_people_periods
    WHERE tenant_id = ${tenantId} AND period_days = 1 AND period_start = ANY(${list})`);
  // The team member report's three sources: completed tasks, submissions sent back, communications read.
  const scoped = sql`a.tenant_id = ${tenantId} AND a.due_date = ANY(${list}) AND a.status <> 'cancelled'`;
  await db.execute(sql`
    INSERT INTO report_people_periods (tenant_id, period_days, period_start, workspace_node_id, person_id,
      type_id, department_id, completed, on_time, first_time_right, rejected, acknowledged)
    SELECT ${tenantId}, 1, e.due_date, e.workspace_node_id, e.person, t.type_id, coalesce(t.department_id, 0),
      sum(e.completed)::int, sum(e.on_time)::int, sum(e.first_time_right)::int, sum(e.rejected)::int,
      sum(e.acknowledged)::int
    FROM (
      SELECT a.due_date, a.workspace_node_id, a.task_id, a.completed_by AS person, 1 AS completed,
        coalesce(a.completed_at <= a.due_at, false)::int AS on_time,
        coalesce(a.first_time_right, false)::int AS first_time_right, 0 AS rejected, 0 AS acknowledged
      FROM task_assignments a
      JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
      JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
      WHERE ${scoped} AND tt.kind <> 'communication' AND a.status IN ('done', 'approved')
        AND a.completed_by IS NOT NULL
      UNION ALL
      SELECT a.due_date, a.workspace_node_id, a.task_id, s.submitted_by, 0, 0, 0, 1, 0
      FROM task_submissions s JOIN task_assignments a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id
      WHERE ${scoped} AND s.decision = 'rejected'
      UNION ALL
      SELECT a.due_date, a.workspace_node_id, a.task_id, k.user_id, 0, 0, 0, 0, 1
      FROM task_acknowledgements k JOIN task_assignments a ON a.tenant_id = k.tenant_id AND a.id = k.assignment_id
      WHERE ${scoped} AND NOT k.stale) e
    JOIN tasks t ON t.tenant_id = ${tenantId} AND t.id = e.task_id
    GROUP BY e.due_date, e.workspace_node_id, e.person, t.type_id, coalesce(t.department_id, 0)`);

  // The weeks holding those days, summed again from their days.
  const mondays = [...new Set(days.map((day) => weekStartOf(day, 1)))].sort();
  const weeks = dateArray(mondays);
  const week = sql`(p.period_start - (extract(isodow from p.period_start)::int - 1))`;
  const span = sql`p.period_start BETWEEN ${mondays[0]!}::date AND ${addDays(mondays.at(-1)!, 6)}::date`;
  for (const [table, { keys, counts }] of Object.entries(PERIOD_TABLES)) {
    const keyList = sql.raw(keys.join(', '));
    const keyOfP = sql.raw(keys.map((k) => `p.${k}`).join(', '));
    await db.execute(sql`DELETE FROM ${sql.raw(table)}
      WHERE tenant_id = ${tenantId} AND period_days = 7 AND period_start = ANY(${weeks})`);
    await db.execute(sql`
      INSERT INTO ${sql.raw(table)} (tenant_id, period_days, period_start, ${keyList}, ${sql.raw(counts.join(', '))})
      SELECT ${tenantId}, 7, ${week}, ${keyOfP}, ${sql.raw(counts.map((c) => `sum(p.${c})::int`).join(', '))}
      FROM ${sql.raw(table)} p
      WHERE p.tenant_id = ${tenantId} AND p.period_days = 1 AND ${span} AND ${week} = ANY(${weeks})
      GROUP BY ${week}, ${keyOfP}`);
  }
}

/**
 * Rolls some days of a tenant in one transaction, and moves the frontier to `through` if given.
 * The days' marks are taken first, then the days are read: a write that commits meanwhile either
 * is read or leaves its mark for the next pass. A day rolled before whose marks are all of tree
 * moves needs only its container rows again.
 */
async function rollDays(db: Db, tenantId: number, days: string[], through: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    // Whole days of a tenant, and another process's roll of the same tenant to wait for.
    await allowLongWork(tx);
    // One roll per tenant at a time, whichever process runs it; its aggregates kept in memory.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${tenantId})`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    // Every statement here aggregates whole days: hash joins, even where the embedded database,
    // without statistics, would expect a handful of rows and loop.
    await tx.execute(sql`SET LOCAL enable_nestloop = off`);
    const [state] = await sqlRows<{ rolled_through: string | null }>(
      tx,
      sql`SELECT rolled_through::text AS rolled_through FROM report_rollups WHERE tenant_id = ${tenantId}`,
    );
    const rolledThrough = state?.rolled_through ?? null;
    const marks = await sqlRows<{ day: string; live: boolean }>(
      tx,
      sql`WITH taken AS (
          DELETE FROM report_stale_days WHERE tenant_id = ${tenantId} AND due_date = ANY(${dateArray(days)})
          RETURNING due_date, live)
        SELECT due_date::text AS day, bool_or(live) AS live FROM taken GROUP BY due_date`,
    );
    // New days are rolled whole; a day rolled before is rolled again where its marks say.
    const live = new Set(marks.filter((m) => m.live).map((m) => m.day));
    const isNew = (day: string) => rolledThrough === null || day > rolledThrough;
    const whole = days.filter((day) => isNew(day) || live.has(day));
    const moved = days.filter((day) => !isNew(day) && !live.has(day) && marks.some((m) => m.day === day));
    if (whole.length + moved.length > 0) await rollNodeDays(tx, tenantId, [...whole, ...moved]);
    if (whole.length > 0) await rollStoreAndPeopleDays(tx, tenantId, whole);
    if (through !== null && (rolledThrough === null || through > rolledThrough))
      await tx.execute(sql`
        INSERT INTO report_rollups (tenant_id, rolled_through, rolled_at) VALUES (${tenantId}, ${through}::date, now())
        ON CONFLICT (tenant_id) DO UPDATE SET rolled_through = excluded.rolled_through, rolled_at = excluded.rolled_at`);
  });
}

/**
 * The job's work for one tenant: roll the days that became settled since the last run (all of
 * them the first time), and roll again the rolled days that writes marked. Each transaction
 * holds a week of days at most. Answers how many days were rolled.
 */
export async function rollTenant(db: Db, tenantId: number): Promise<number> {
  const [state] = await sqlRows<{ rolled_through: string | null; today: string }>(
    db,
    sql`SELECT (SELECT rolled_through::text FROM report_rollups WHERE tenant_id = ${tenantId}) AS rolled_through,
      (now() AT TIME ZONE 'UTC')::date::text AS today`,
  );
  const rolledThrough = state?.rolled_through ?? null;
  const yesterday = addDays(state!.today, -1);
  // Asked only when it matters: the frontier reaching yesterday, or yesterday changed.
  let settledYesterday: boolean | undefined;
  const settled = async () => {
    settledYesterday ??= await yesterdaySettled(db, tenantId, yesterday);
    return settledYesterday ? yesterday : addDays(yesterday, -1);
  };
  let rolled = 0;
  const inChunks = async (days: string[], advance: boolean) => {
    for (let i = 0; i < days.length; i += DAYS_PER_TRANSACTION) {
      const chunk = days.slice(i, i + DAYS_PER_TRANSACTION);
      await rollDays(db, tenantId, chunk, advance ? chunk.at(-1)! : null);
      rolled += chunk.length;
    }
  };

  // Rolled days that writes changed since, as far as they are settled.
  if (rolledThrough !== null) {
    const marked = (
      await sqlRows<{ day: string }>(
        db,
        sql`SELECT DISTINCT due_date::text AS day FROM report_stale_days
          WHERE tenant_id = ${tenantId} AND due_date <= ${rolledThrough}::date ORDER BY 1`,
      )
    ).map((m) => m.day);
    const last = marked.at(-1) === yesterday ? await settled() : yesterday;
    await inChunks(
      marked.filter((day) => day <= last),
      false,
    );
  }
  // Days settled since the last run (every day with assignments, the first time), oldest first.
  if (rolledThrough === null || rolledThrough < yesterday) {
    const through = await settled();
    if (rolledThrough !== null && through <= rolledThrough) return rolled;
    const fresh = await sqlRows<{ day: string }>(
      db,
      sql`SELECT DISTINCT due_date::text AS day FROM task_assignments
        WHERE tenant_id = ${tenantId} AND due_date <= ${through}::date
          ${rolledThrough === null ? sql`` : sql`AND due_date > ${rolledThrough}::date`}
        ORDER BY 1`,
    );
    await inChunks(
      fresh.map((f) => f.day),
      true,
    );
    await rollDays(db, tenantId, [], through);
  }
  return rolled;
}

/** The job: one tenant (after writes there), or every tenant (the periodic pass). */
export async function runRollupJob(db: Db, payload: { tenantId?: number } = {}): Promise<number> {
  const tenants =
    payload.tenantId !== undefined
      ? [payload.tenantId]
      : (await sqlRows<{ id: number }>(db, sql`SELECT id FROM tenants ORDER BY id`)).map((t) => t.id);
  let rolled = 0;
  for (const tenantId of tenants) rolled += await rollTenant(db, tenantId);
  return rolled;
}
