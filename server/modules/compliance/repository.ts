import { type SQL, sql } from 'drizzle-orm';
import type { ComplianceQuery, ComplianceState } from '../../../contract/api/compliance';
import type { Db } from '../../db/client';
import { jsonRows } from '../../lib/jsonRows';
import { CANNOT_DO, EXPIRED, LATE, ON_TIME, OVERDUE, SENT_BACK, WAITING } from '../figures/definitions';

/**
 * The state of a compliance check at a workspace, from its assignment (see contract
 * COMPLIANCE_STATES), by the product's definitions: the grid's totals are the report's figures
 * (on time + late = done; rejected + open = open).
 */
const STATE = sql`CASE
  WHEN ${ON_TIME} THEN 'on_time'
  WHEN ${LATE} THEN 'late'
  WHEN ${WAITING} THEN 'waiting'
  WHEN ${CANNOT_DO} THEN 'cannot_do'
  WHEN ${EXPIRED} THEN 'expired'
  WHEN ${OVERDUE} THEN 'overdue'
  WHEN ${SENT_BACK} THEN 'rejected'
  ELSE 'open' END`;

/** [task id, due date, column id, state, assignment id or count] */
export type GridEntry = [number, string, number, ComplianceState, number];

interface ColumnRow {
  id: number;
  name: string;
  type: 'workspace' | 'container';
}

interface TaskLook {
  id: number;
  title: string;
  type: { id: number; name: string; colour: string; icon: string };
}

/** One check's cells as parallel arrays: a JSON array per check is far cheaper to build than one per cell. */
type GridLine = [number, string, number[], ComplianceState[], number[]];
interface GridLines {
  columns: ColumnRow[];
  lines: GridLine[];
  tasks: TaskLook[];
}

interface GridData {
  columns: ColumnRow[];
  entries: GridEntry[];
  tasks: TaskLook[];
}

function filters(query: ComplianceQuery): SQL {
  const parts: SQL[] = [];
  if (query.type_id !== undefined) parts.push(sql` AND t.type_id = ${query.type_id}`);
  if (query.department_id !== undefined) parts.push(sql` AND t.department_id = ${query.department_id}`);
  return sql.join(parts, sql``);
}

/**
 * The compliance checks due in the range at the workspaces under the node, in one statement: the
 * columns (every active workspace under it, or its active children when grouped by area, plus any
 * closed one that still has a check in the range), the entries and the look of each task found.
 * Per workspace, each entry carries its assignment; grouped by the node's children, each entry
 * counts the assignments of one state.
 *
 * The embedded database keeps no statistics, so the plan is spelled out: the workspaces under the
 * node (path index), their assignments due in the range (workspace/due-date index), kept when
 * their task is one of the tenant's compliance tasks (a list read once, not a join per row).
 */
export async function gridData(
  db: Db,
  tenantId: number,
  node: { id: number; path: string },
  query: ComplianceQuery,
  group: 'store' | 'area',
): Promise<GridData> {
  // The child of the node that each workspace lies under: the next id on its path (the workspace
  // itself when the node is a workspace).
  const depth = node.path.split('/').filter(Boolean).length;
  const cells =
    group === 'store'
      ? sql`SELECT f.task_id, f.due_date, f.workspace_node_id AS col, f.state, f.id AS value FROM found f`
      : sql`SELECT f.task_id, f.due_date,
            coalesce((string_to_array(trim(both '/' from f.path), '/'))[${depth + 1}]::int, f.workspace_node_id) AS col,
            f.state, count(*)::int AS value
          FROM found f GROUP BY 1, 2, 3, 4`;
  const active =
    group === 'store'
      ? sql`n.type = 'workspace' AND n.path LIKE ${`${node.path}%`}`
      : sql`n.parent_id = ${node.id} AND n.type IN ('workspace', 'container')`;
  const data = await jsonRows<GridLines>(
    db,
    sql`WITH found AS MATERIALIZED (
        SELECT a.id, a.task_id, a.due_date, a.workspace_node_id, n.path, ${STATE} AS state
        FROM hierarchy_nodes n
        JOIN task_assignments a ON a.tenant_id = n.tenant_id AND a.workspace_node_id = n.id
        WHERE n.tenant_id = ${tenantId} AND n.type = 'workspace' AND n.path LIKE ${`${node.path}%`}
          AND a.due_date BETWEEN ${query.from}::date AND ${query.to}::date AND a.status <> 'cancelled'
          AND a.task_id = ANY (ARRAY(
            SELECT t.id FROM tasks t WHERE t.tenant_id = ${tenantId} AND t.compliance ${filters(query)}))
      ),
      cells AS MATERIALIZED (${cells}),
      -- Disjoint halves: the active columns, and closed ones that still have a check in the range.
      cols AS (
        SELECT n.id, n.name, n.type, n.status, n.sort_order FROM hierarchy_nodes n
        WHERE n.tenant_id = ${tenantId} AND n.status = 'active' AND ${active}
        UNION ALL
        SELECT n.id, n.name, n.type, n.status, n.sort_order FROM hierarchy_nodes n
        WHERE n.tenant_id = ${tenantId} AND n.status <> 'active' AND n.id = ANY (ARRAY(SELECT DISTINCT col FROM cells))
      )
      SELECT json_build_object(
        'columns', (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name,
            'type', CASE WHEN c.type = 'workspace' THEN 'workspace' ELSE 'container' END)
            ORDER BY c.status <> 'active', c.sort_order, c.name, c.id), '[]') FROM cols c),
        'lines', (SELECT coalesce(json_agg(json_build_array(l.task_id, l.due_date, l.cols, l.states, l.vals)), '[]')
          FROM (SELECT c.task_id, c.due_date, array_agg(c.col) AS cols, array_agg(c.state) AS states,
              array_agg(c.value) AS vals
            FROM cells c GROUP BY c.task_id, c.due_date) l),
        'tasks', (SELECT coalesce(json_agg(json_build_object('id', t.id, 'title', t.title,
            'type', json_build_object('id', tt.id, 'name', tt.name, 'colour', tt.colour, 'icon', tt.icon))), '[]')
          FROM tasks t JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
          WHERE t.tenant_id = ${tenantId} AND t.id = ANY (ARRAY(SELECT DISTINCT task_id FROM found)))
      )::text AS rows`,
  );
  const entries: GridEntry[] = [];
  for (const [taskId, dueDate, cols, states, values] of data.lines) {
    for (let i = 0; i < cols.length; i++) entries.push([taskId, dueDate, cols[i]!, states[i]!, values[i]!]);
  }
  return { columns: data.columns, entries, tasks: data.tasks };
}

/** Whether an assignment belongs to a compliance task (completing from the grid is only for those). */
export async function isComplianceAssignment(db: Db, tenantId: number, assignmentId: number) {
  const rows = await jsonRows<{ compliance: boolean }[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object('compliance', t.compliance)), '[]')::text AS rows
      FROM task_assignments a JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
      WHERE a.tenant_id = ${tenantId} AND a.id = ${assignmentId}`,
  );
  return rows[0]?.compliance;
}
