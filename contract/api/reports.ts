import Type, { type Static } from 'typebox';
import { Id, Literals, NamedRef } from './common';
import { LocalDate } from './tasks';

export const REPORT_NAMES = [
  'overall',
  'completion-first-time',
  'completion-first-time-trend',
  'state-area-performance',
  'store-area-performance',
  'team-member-performance',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** Every report's filters: local due dates (inclusive), a node inside the caller's scope, type, department. */
export const ReportQuery = Type.Object({
  from: LocalDate,
  to: LocalDate,
  node_id: Type.Optional(Id),
  type_id: Type.Optional(Id),
  department_id: Type.Optional(Id),
  format: Type.Optional(Literals('json', 'csv', 'xlsx')),
});
export type ReportQuery = Static<typeof ReportQuery>;

const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);

/**
 * The figures of a set of assignments (due in the range, not withdrawn). `done` counts done and
 * approved work; `on_time` / `late` split it by its due time; `overdue`: still to do after its
 * due time; `waiting`: sent for approval. Rates are 0–1, null when there is nothing to divide by:
 * completion = done / assigned, on-time = on_time / done, first-time-right = approved or done at
 * the first attempt without being sent back / done.
 */
const metricFields = {
  assigned: Type.Integer(),
  done: Type.Integer(),
  on_time: Type.Integer(),
  late: Type.Integer(),
  overdue: Type.Integer(),
  expired: Type.Integer(),
  cannot_do: Type.Integer(),
  waiting: Type.Integer(),
  open: Type.Integer(),
  first_time_right: Type.Integer(),
  completion_rate: Rate,
  on_time_rate: Rate,
  first_time_right_rate: Rate,
};
export const Metrics = Type.Object(metricFields);
export type Metrics = Static<typeof Metrics>;

/** A named group of assignments (a type, a department, a task, a node, a person). */
export const MetricsRow = Type.Object({ id: Type.Integer(), name: Type.String(), ...metricFields });
export type MetricsRow = Static<typeof MetricsRow>;

export const OverallReport = Type.Object({
  totals: Metrics,
  by_type: Type.Array(MetricsRow),
  by_department: Type.Array(MetricsRow),
});
export type OverallReport = Static<typeof OverallReport>;

export const TaskReportRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ...metricFields,
  /** The workspaces with the lowest completion of this task (at most three). */
  worst: Type.Array(MetricsRow),
});
export type TaskReportRow = Static<typeof TaskReportRow>;

export const CompletionFirstTimeReport = Type.Object({ rows: Type.Array(TaskReportRow) });
export type CompletionFirstTimeReport = Static<typeof CompletionFirstTimeReport>;

/** One week (starting on the tenant's first day of the week) of the range. */
export const TrendPoint = Type.Object({ week: LocalDate, ...metricFields });
export type TrendPoint = Static<typeof TrendPoint>;

export const TrendReport = Type.Object({
  weeks: Type.Array(TrendPoint),
  /** The same number of weeks just before, for comparison (aligned by position). */
  previous: Type.Array(TrendPoint),
});
export type TrendReport = Static<typeof TrendReport>;

/** Nodes one level below the scope node (areas, states…), best completion first. */
export const AreaReport = Type.Object({
  node: NamedRef,
  rows: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      type: Literals('container', 'workspace'),
      ...metricFields,
    }),
  ),
});
export type AreaReport = Static<typeof AreaReport>;

/** Every workspace under the node, best completion first, with the node's own figures as the average. */
export const StoreReport = Type.Object({
  node: NamedRef,
  average: Metrics,
  rows: Type.Array(MetricsRow),
});
export type StoreReport = Static<typeof StoreReport>;

export const PersonRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  completed: Type.Integer(),
  on_time: Type.Integer(),
  first_time_right: Type.Integer(),
  /** Their submissions that were sent back. */
  rejected: Type.Integer(),
  /** Communications they acknowledged. */
  acknowledged: Type.Integer(),
  on_time_rate: Rate,
  first_time_right_rate: Rate,
});
export type PersonRow = Static<typeof PersonRow>;

export const TeamReport = Type.Object({ rows: Type.Array(PersonRow) });
export type TeamReport = Static<typeof TeamReport>;

/** A row of a ranking with its place (1 is the best). */
export const RankedRow = Type.Object({
  place: Type.Integer({ minimum: 1 }),
  id: Type.Integer(),
  name: Type.String(),
  ...metricFields,
});
export type RankedRow = Static<typeof RankedRow>;

export const DashboardQuery = Type.Object({
  /** Today in the viewer's zone (YYYY-MM-DD); the server's date in UTC when absent. */
  today: Type.Optional(LocalDate),
});
export type DashboardQuery = Static<typeof DashboardQuery>;

export const DashboardSummary = Type.Object({
  today: Type.Object({ due: Type.Integer(), done: Type.Integer() }),
  this_week: Metrics,
  last_week: Metrics,
  overdue: Type.Integer(),
  urgent_open: Type.Integer(),
  waiting_review: Type.Integer(),
  /** Communications of the last 30 days not yet acknowledged by everyone at their workspace. */
  unacknowledged: Type.Integer(),
  /** The last 8 weeks, oldest first. */
  trend: Type.Array(TrendPoint),
  /**
   * Workspaces with work over the last 30 days, best completion first, each with its place: every
   * one of them when there are at most ten, else the five at each end (the places between them are
   * in the stores report). `ranked` is how many there are in all.
   */
  stores: Type.Object({ ranked: Type.Integer(), rows: Type.Array(RankedRow) }),
});
export type DashboardSummary = Static<typeof DashboardSummary>;
