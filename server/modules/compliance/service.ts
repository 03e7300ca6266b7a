import {
  COMPLIANT_STATES,
  type ComplianceColumn,
  type ComplianceExportQuery,
  type ComplianceGrid,
  type ComplianceQuery,
  type ComplianceRow,
  type ComplianceState,
  type StateCounts,
} from '../../../contract/api/compliance';
import type { Language } from '../../../contract/languages';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { forbidden, notFound } from '../../lib/errors';
import { checkDateRange } from '../../lib/localDates';
import { type Download, tableDownload } from '../../lib/spreadsheet';
import { nodeInScope } from '../hierarchy/service';
import { complete as completeAssignment } from '../mytasks/service';
import { type GridEntry, gridData, isComplianceAssignment } from './repository';

const MAX_DAYS = 366;

const add = (counts: StateCounts, state: ComplianceState, n: number) => {
  counts[state] = (counts[state] ?? 0) + n;
};
const isException = (state: ComplianceState) => !COMPLIANT_STATES.includes(state);

/** The grid of compliance checks (rows) by workspace or by area (columns) over a range of due dates. */
export async function grid(db: Db, caller: Caller, query: ComplianceQuery): Promise<ComplianceGrid> {
  checkDateRange(query, MAX_DAYS);
  const node = await nodeInScope(db, caller, query.node_id ?? caller.scope.nodeId);
  // A workspace has nothing below it to group by: its own column.
  const group = node.type === 'workspace' ? 'store' : (query.group ?? 'store');
  const found = await gridData(db, caller.tenantId, node, query, group);
  const entries: GridEntry[] = query.exceptions
    ? found.entries.filter((e) => isException(e[3]))
    : found.entries;

  // Closed workspaces still show their checks: the statement adds their columns after the active ones.
  const withEntries = new Set(entries.map((e) => e[2]));
  const shown = query.exceptions ? found.columns.filter((c) => withEntries.has(c.id)) : found.columns;
  const columns: ComplianceColumn[] = shown.map((c) => ({ ...c, totals: {} }));
  const columnIndex = new Map(columns.map((c, i) => [c.id, i]));
  const looks = new Map(found.tasks.map((t) => [t.id, t]));
  const rows = new Map<string, ComplianceRow>();
  const totals: StateCounts = {};
  for (const [taskId, dueDate, columnId, state, value] of entries) {
    const index = columnIndex.get(columnId);
    const look = looks.get(taskId);
    if (index === undefined || !look) continue;
    const key = `${dueDate}|${taskId}`;
    let row = rows.get(key);
    if (!row) {
      row = { task_id: taskId, title: look.title, due_date: dueDate, type: look.type, cells: [], totals: {} };
      rows.set(key, row);
    }
    const n = group === 'store' ? 1 : value;
    row.cells.push({ col: index, state, value });
    add(row.totals, state, n);
    add(columns[index]!.totals, state, n);
    add(totals, state, n);
  }
  for (const row of rows.values()) row.cells.sort((a, b) => a.col - b.col);
  const ordered = [...rows.values()].sort(
    (a, b) => a.due_date.localeCompare(b.due_date) || a.title.localeCompare(b.title) || a.task_id - b.task_id,
  );
  return { group, node: { id: node.id, name: node.name }, columns, rows: ordered, totals };
}

const LABELS: Record<ComplianceState, string> = {
  on_time: 'Done on time',
  late: 'Done late',
  waiting: 'Waiting approval',
  rejected: 'Sent back',
  open: 'Open',
  overdue: 'Overdue',
  expired: 'Expired',
  cannot_do: "Can't do",
};

const compliant = (counts: StateCounts) => COMPLIANT_STATES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
const assigned = (counts: StateCounts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** The grid as the screen shows it, one line per check, as CSV or XLSX. */
export async function exportGrid(
  db: Db,
  caller: Caller,
  query: ComplianceExportQuery,
  language: Language = 'en',
): Promise<Download> {
  const { format, ...gridQuery } = query;
  const data = await grid(db, caller, gridQuery);
  const header = ['Task', 'Type', 'Due date', ...data.columns.map((c) => c.name), 'Compliant', 'Assigned'];
  const rows = data.rows.map((row) => {
    const cells: (string | number | null)[] = data.columns.map(() => null);
    if (data.group === 'store') {
      for (const { col, state } of row.cells) cells[col] = LABELS[state];
    } else {
      const perColumn = new Map<number, StateCounts>();
      for (const { col, state, value } of row.cells) {
        const counts = perColumn.get(col) ?? {};
        add(counts, state, value);
        perColumn.set(col, counts);
      }
      for (const [index, counts] of perColumn) cells[index] = `${compliant(counts)}/${assigned(counts)}`;
    }
    return [row.title, row.type.name, row.due_date, ...cells, compliant(row.totals), assigned(row.totals)];
  });
  return tableDownload({ title: `Compliance ${query.from} to ${query.to}`, header, rows }, format, language);
}

/**
 * Completing a compliance check from the grid: only at the caller's own workspace, with the same
 * rules and evidence as My Tasks (it is the same completion, so it takes the same arguments).
 */
export const complete: typeof completeAssignment = async (db, jobs, caller, body) => {
  const compliance = await isComplianceAssignment(db, caller.tenantId, body.assignment_id);
  if (compliance === undefined) throw notFound('Task');
  if (!compliance) throw forbidden('Only compliance checks can be completed from the compliance grid.');
  if (caller.nodeType !== 'workspace')
    throw forbidden('Compliance checks are completed by the people of their own {workspace_lower}.');
  return completeAssignment(db, jobs, caller, body);
};
