import Type, { type Static } from 'typebox';
import { Id, Literals, NamedRef } from './common';
import { LocalDate } from './tasks';

/**
 * How a compliance check stands at one workspace. `on_time` / `late`: done (or approved) before /
 * after its due time; `waiting`: sent for approval; `rejected`: sent back and not redone yet;
 * `overdue`: still to do after its due time; `expired`: can no longer be done; `cannot_do`:
 * reported as impossible; `open`: still to do, not yet due.
 */
export const COMPLIANCE_STATES = [
  'on_time',
  'late',
  'waiting',
  'rejected',
  'open',
  'overdue',
  'expired',
  'cannot_do',
] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];
export const ComplianceState = Type.Unsafe<ComplianceState>(
  Type.Union(COMPLIANCE_STATES.map((s) => Type.Literal(s))),
);

/** States that count as compliant: everything else is an exception. */
export const COMPLIANT_STATES: readonly ComplianceState[] = ['on_time', 'late', 'waiting'];

export const ComplianceQuery = Type.Object({
  /** Local due dates, inclusive. */
  from: LocalDate,
  to: LocalDate,
  /** Only workspaces under this node (inside the caller's scope). */
  node_id: Type.Optional(Id),
  type_id: Type.Optional(Id),
  department_id: Type.Optional(Id),
  /** Only the checks and columns that have an exception (anything not done). */
  exceptions: Type.Optional(Type.Boolean()),
  /** `store`: a column per workspace; `area`: a column per node one level below the scope node. */
  group: Type.Optional(Literals('store', 'area')),
});
export type ComplianceQuery = Static<typeof ComplianceQuery>;

export const ComplianceExportQuery = Type.Intersect([
  ComplianceQuery,
  Type.Object({ format: Literals('csv', 'xlsx') }),
]);
export type ComplianceExportQuery = Static<typeof ComplianceExportQuery>;

/** Counts per state (states with no assignment are left out). */
export const StateCounts = Type.Record(Type.String(), Type.Integer());
export type StateCounts = Static<typeof StateCounts>;

export const ComplianceColumn = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** `workspace`, or `container` when grouped by area (it can be opened to drill down). */
  type: Literals('workspace', 'container'),
  totals: StateCounts,
});
export type ComplianceColumn = Static<typeof ComplianceColumn>;

/**
 * One cell entry. For a workspace column: its state and `value` = the assignment id. For a grouped
 * column there is one entry per state present, `value` = how many assignments are in it.
 */
export const ComplianceCell = Type.Object({
  /** Index into `columns`. */
  col: Type.Integer(),
  state: ComplianceState,
  value: Type.Integer(),
});
export type ComplianceCell = Static<typeof ComplianceCell>;

/** One compliance check: a task on one local due date. */
export const ComplianceRow = Type.Object({
  task_id: Type.Integer(),
  title: Type.String(),
  due_date: LocalDate,
  type: Type.Object({ id: Type.Integer(), name: Type.String(), colour: Type.String(), icon: Type.String() }),
  cells: Type.Array(ComplianceCell),
  totals: StateCounts,
});
export type ComplianceRow = Static<typeof ComplianceRow>;

export const ComplianceGrid = Type.Object({
  group: Literals('store', 'area'),
  /** The node whose workspaces (or children) are the columns. */
  node: NamedRef,
  columns: Type.Array(ComplianceColumn),
  rows: Type.Array(ComplianceRow),
  totals: StateCounts,
});
export type ComplianceGrid = Static<typeof ComplianceGrid>;
