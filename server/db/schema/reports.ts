import { boolean, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import * as columns from './columns';

/*
 * The reports' daily roll-up (issue 13), kept by the `reports.rollup` job (server/modules/report/
 * rollup.ts). Every row is derived from task_assignments (and submissions, acknowledgements) of
 * one local due date, so a day can always be computed again from scratch. Rolled days are those
 * whose every due and expiry time has passed: their figures no longer move with the clock, only
 * with writes, and every write marks its day in report_stale_days so that readers take it live
 * until the job has rolled it again. Only report_rollups references its tenant: the other tables
 * are a cache the job rewrites a week at a time (checking every row's tenant took 15 % of that),
 * and reports join them to the tenant's nodes and tasks.
 */

/** The leading key of the period tables: a day (`period_days` 1) or week (7) at one workspace. */
const workspacePeriod = () => ({
  tenantId: columns.tenantKey(),
  periodDays: smallint('period_days').notNull(),
  periodStart: columns.localDate('period_start').notNull(),
  workspaceNodeId: integer('workspace_node_id').notNull(),
});

/** The counts behind every report figure (contract Metrics without the rates). */
const metricColumns = () => ({
  assigned: integer('assigned').notNull(),
  done: integer('done').notNull(),
  onTime: integer('on_time').notNull(),
  late: integer('late').notNull(),
  overdue: integer('overdue').notNull(),
  expired: integer('expired').notNull(),
  cannotDo: integer('cannot_do').notNull(),
  waiting: integer('waiting').notNull(),
  open: integer('open').notNull(),
  firstTimeRight: integer('first_time_right').notNull(),
});

/**
 * Per due date, per task, per node *above* the workspaces (every container on their path, the
 * root included): a node's figures for a range are one short index range, whatever its size.
 * All task kinds (communications too: the dashboard counts unread ones); cancelled work is left out.
 * The occurrence dates tell the weakest-stores shortcut a one-off task from a repeating one.
 */
export const reportNodeDays = pgTable(
  'report_node_days',
  {
    tenantId: columns.tenantKey(),
    nodeId: integer('node_id').notNull(),
    dueDate: columns.localDate('due_date').notNull(),
    taskId: integer('task_id').notNull(),
    ...metricColumns(),
    firstOccurrence: columns.localDate('first_occurrence').notNull(),
    lastOccurrence: columns.localDate('last_occurrence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.nodeId, t.dueDate, t.taskId] }),
    // The job replaces whole days.
    index('report_node_days_day_idx').on(t.tenantId, t.dueDate),
  ],
);

/**
 * Per workspace, per task type and department (0: none), per day (`period_days` 1) and per
 * Monday-to-Sunday week (7, the sum of its days): the store lists (every store of a state or of
 * the tenant) read whole weeks and only the days at a range's ends. Communications are left out,
 * as the reports leave them out.
 */
export const reportStorePeriods = pgTable(
  'report_store_periods',
  {
    ...workspacePeriod(),
    typeId: integer('type_id').notNull(),
    departmentId: integer('department_id').notNull(),
    ...metricColumns(),
  },
  (t) => [
    primaryKey({
      name: 'report_store_periods_pk',
      columns: [t.tenantId, t.periodDays, t.periodStart, t.workspaceNodeId, t.typeId, t.departmentId],
    }),
  ],
);

/**
 * Per person, per workspace, type and department, per day and week as above: what the team
 * member report counts (completions of tasks, submissions sent back, communications read).
 */
export const reportPeoplePeriods = pgTable(
  'report_people_periods',
  {
    ...workspacePeriod(),
    personId: integer('person_id').notNull(),
    typeId: integer('type_id').notNull(),
    departmentId: integer('department_id').notNull(),
    completed: integer('completed').notNull(),
    onTime: integer('on_time').notNull(),
    firstTimeRight: integer('first_time_right').notNull(),
    rejected: integer('rejected').notNull(),
    acknowledged: integer('acknowledged').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'report_people_periods_pk',
      columns: [
        t.tenantId,
        t.periodDays,
        t.periodStart,
        t.workspaceNodeId,
        t.personId,
        t.typeId,
        t.departmentId,
      ],
    }),
  ],
);

/** How far each tenant's roll-up reaches: every due date up to `rolled_through` is rolled. */
export const reportRollups = pgTable('report_rollups', {
  tenantId: columns.tenantPrimaryReference(),
  rolledThrough: columns.localDate('rolled_through'),
  rolledAt: columns.instantNow('rolled_at'),
});

/**
 * Days whose rolled rows no longer match the assignments, appended by triggers (migration
 * 0009) in the writing transaction: `live` when the figures changed (the readers take the day
 * live until it is rolled again), not live when only the tree changed under it (a store moved:
 * the containers' rows are as of the last roll-up until the job re-rolls the day). Append-only,
 * so writers never wait on each other; the job deletes a day's marks before it reads the day.
 */
export const reportStaleDays = pgTable(
  'report_stale_days',
  {
    tenantId: columns.tenantKey(),
    id: columns.bigIdentityId(),
    dueDate: columns.localDate('due_date').notNull(),
    live: boolean('live').notNull(),
    markedAt: columns.instantNow('marked_at'),
  },
  (t) => [columns.tenantPrimaryKey(t), index('report_stale_days_day_idx').on(t.tenantId, t.dueDate)],
);
