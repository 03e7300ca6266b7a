import { type SQL, sql } from 'drizzle-orm';
import type { StoreRef } from '../../../contract/api/common';
import type { AssignmentStatus, MyTaskForm, MyTaskType } from '../../../contract/api/mytasks';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { isoInstant, jsonRows } from '../../lib/jsonRows';
import { containing } from '../../lib/like';
import { nodeZoneIn } from '../../lib/workspaceZone';

/**
 * The caller's workspaces: their own store, or (above store level) the active stores of their
 * subtree. A store caller's filter is one equality, so the day query is one index range.
 */
export function workspacesOf(caller: Caller): SQL {
  if (caller.nodeType === 'workspace') return sql`a.workspace_node_id = ${caller.scope.nodeId}`;
  return sql`n.type = 'workspace' AND n.status = 'active' AND n.path LIKE ${`${caller.scope.path}%`}`;
}

/**
 * Assignments whose window [start, due] meets the local day `date` in `timezone`. The date bounds
 * only let the indexes narrow the range: the store's local dates lie within two days of any zone's.
 */
export function coversDay(date: string, timezone: string): SQL {
  const dayStart = sql`(${date}::date)::timestamp AT TIME ZONE ${timezone}`;
  const dayEnd = sql`(${date}::date + 1)::timestamp AT TIME ZONE ${timezone}`;
  return sql`a.occurrence_date <= ${date}::date + 2 AND a.due_date >= ${date}::date - 2
    AND a.start_at < ${dayEnd} AND a.due_at > ${dayStart}`;
}

/** Assignments a search reaches: the local days from 30 before to 30 after today in `timezone`. */
export function withinSearchWindow(today: string, timezone: string): SQL {
  const from = sql`(${today}::date - 30)::timestamp AT TIME ZONE ${timezone}`;
  const to = sql`(${today}::date + 31)::timestamp AT TIME ZONE ${timezone}`;
  return sql`a.occurrence_date <= ${today}::date + 33 AND a.due_date >= ${today}::date - 33
    AND a.start_at < ${to} AND a.due_at > ${from}`;
}

export const titleMatches = (key: string) => sql`t.title ILIKE ${containing(key)}`;
export const inDepartment = (id: number | undefined) =>
  id === undefined ? sql`true` : sql`t.department_id = ${id}`;
export const notCancelled = sql`a.status <> 'cancelled'`;

/** A card as the database gives it; service.ts derives the flags that depend on the clock. */
export interface CardRow {
  assignment_id: number;
  task_id: number;
  title: string;
  type: MyTaskType;
  status: AssignmentStatus;
  occurrence_date: string;
  start_at: string;
  due_at: string;
  expires_at: string | null;
  workspace: StoreRef;
  department: { id: number; name: string; colour: string } | null;
  estimated_minutes: number | null;
  checklist_total: number;
  checklist_ticked: number;
  evidence_comment: boolean;
  evidence_photos: number;
  evidence_files: number;
  approval: boolean;
  attempt: number;
  rejection_reason: string | null;
  form: MyTaskForm | null;
  /** Communications only (null otherwise): the caller's live and stale acknowledgements, the store's counts. */
  mine: boolean | null;
  mine_stale: boolean | null;
  acknowledged_count: number | null;
  people: number | null;
}

/**
 * The cards of the caller's workspaces that pass `filter`, in type order then due time: one
 * statement (the hottest call of the product), built as one JSON document.
 */
export function selectCards(db: Db, caller: Caller, filter: SQL): Promise<CardRow[]> {
  // Every subquery names the tenant itself: on Citus a subquery correlated only through the outer
  // row's tenant_id is planned across all shards; with the constant the statement stays on one.
  return jsonRows<CardRow[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
          'assignment_id', a.id, 'task_id', a.task_id, 'title', t.title,
          'type', json_build_object('id', tt.id, 'name', tt.name, 'names', tt.names, 'colour', tt.colour,
            'secondary_colour', tt.secondary_colour, 'icon', tt.icon, 'sort_order', tt.sort_order,
            'kind', tt.kind),
          'status', a.status, 'occurrence_date', a.occurrence_date::text,
          'start_at', ${isoInstant(sql`a.start_at`)}, 'due_at', ${isoInstant(sql`a.due_at`)},
          'expires_at', ${isoInstant(sql`a.expires_at`)},
          'workspace', json_build_object('id', n.id, 'name', n.name, 'timezone', ${nodeZoneIn(caller.tenantId)}),
          'department', CASE WHEN d.id IS NULL THEN NULL
            ELSE json_build_object('id', d.id, 'name', d.name, 'colour', d.colour) END,
          'estimated_minutes', t.estimated_minutes,
          'checklist_total', jsonb_array_length(t.checklist),
          'checklist_ticked', coalesce(s.ticked, 0),
          'evidence_comment', t.evidence_comment, 'evidence_photos', t.evidence_photos,
          'evidence_files', t.evidence_files, 'approval', t.approval, 'attempt', a.attempt,
          'rejection_reason', CASE WHEN a.status = 'rejected' THEN s.review_reason END,
          'form', CASE WHEN t.form_version_id IS NULL THEN NULL ELSE (
            SELECT json_build_object('name', ft.name, 'inspection_id', i.id, 'percentage', i.percentage)
            FROM form_template_versions fv
            JOIN form_templates ft ON ft.tenant_id = fv.tenant_id AND ft.id = fv.template_id
            LEFT JOIN inspections i ON i.tenant_id = ${caller.tenantId} AND i.assignment_id = a.id
            WHERE fv.tenant_id = ${caller.tenantId} AND fv.id = t.form_version_id) END,
          'mine', k.mine, 'mine_stale', k.mine_stale, 'acknowledged_count', k.acknowledged_count,
          'people', CASE WHEN tt.kind = 'communication' THEN (
            SELECT count(DISTINCT p.user_id)::int FROM positions p
            JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id AND u.enabled
            WHERE p.tenant_id = ${caller.tenantId} AND p.node_id = a.workspace_node_id) END
        ) ORDER BY tt.sort_order, tt.id, a.due_at, t.title, a.id), '[]')::text AS rows
      FROM task_assignments a
      JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
      JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
      JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id
      LEFT JOIN departments d ON d.tenant_id = t.tenant_id AND d.id = t.department_id
      LEFT JOIN LATERAL (
        SELECT s.review_reason,
          (SELECT count(*)::int FROM jsonb_array_elements(s.checklist) e WHERE e = 'true'::jsonb) AS ticked
        FROM task_submissions s
        WHERE s.tenant_id = ${caller.tenantId} AND s.assignment_id = a.id
        ORDER BY s.attempt DESC, s.id DESC LIMIT 1
      ) s ON true
      -- Communications only; other types have no acknowledgements, so the index probe finds nothing.
      LEFT JOIN LATERAL (
        SELECT
          coalesce(bool_or(k.user_id = ${caller.userId} AND NOT k.stale), false) AS mine,
          coalesce(bool_or(k.user_id = ${caller.userId} AND k.stale), false) AS mine_stale,
          (count(DISTINCT k.user_id) FILTER (WHERE NOT k.stale AND EXISTS (
            SELECT 1 FROM positions p WHERE p.tenant_id = ${caller.tenantId}
              AND p.node_id = a.workspace_node_id AND p.user_id = k.user_id)))::int AS acknowledged_count
        FROM task_acknowledgements k
        WHERE k.tenant_id = ${caller.tenantId} AND k.assignment_id = a.id
      ) k ON tt.kind = 'communication'
      WHERE a.tenant_id = ${caller.tenantId} AND ${workspacesOf(caller)} AND ${filter}`,
  );
}

export interface UrgentRow {
  assignment_id: number;
  task_id: number;
  title: string;
  start_at: string;
  due_at: string;
  expires_at: string | null;
  status: AssignmentStatus;
  workspace: StoreRef;
}

/** Unfinished work past its expiry can no longer be done: it never holds the urgent modal open. */
const expiredBy = (row: UrgentRow, now: number) =>
  (row.status === 'open' || row.status === 'rejected') &&
  row.expires_at !== null &&
  Date.parse(row.expires_at) <= now;

/**
 * Urgent open (figures/definitions.ts URGENT_OPEN, applied to kept rows with the clock of the
 * answer): still to do, not expired, and its window has started. The dashboard counts the same.
 */
export const isUrgentOpen = (row: UrgentRow, now: number) =>
  (row.status === 'open' || row.status === 'rejected') &&
  !expiredBy(row, now) &&
  Date.parse(row.start_at) <= now;

/**
 * Urgent-type assignments of the caller's own store for the local day, and those still unfinished
 * from earlier days (overdue): spec §4's count is of what the person's position must do, and
 * assignments are a store's (issue 44), so a position above store level has none. Expired (as the job marked them) and cancelled ones are left out;
 * what depends on the clock (expired since, started yet) is applied when the answer is made, so
 * the rows do not depend on it and can be kept.
 */
export function selectUrgent(db: Db, caller: Caller, date: string, timezone: string): Promise<UrgentRow[]> {
  const dayStart = sql`(${date}::date)::timestamp AT TIME ZONE ${timezone}`;
  return jsonRows<UrgentRow[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
          'assignment_id', a.id, 'task_id', a.task_id, 'title', t.title,
          'start_at', ${isoInstant(sql`a.start_at`)},
          'due_at', ${isoInstant(sql`a.due_at`)}, 'expires_at', ${isoInstant(sql`a.expires_at`)},
          'status', a.status,
          'workspace', json_build_object('id', n.id, 'name', n.name, 'timezone', ${nodeZoneIn(caller.tenantId)})
        ) ORDER BY a.due_at, t.title, n.name, a.id), '[]')::text AS rows
      FROM task_assignments a
      JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
      JOIN tasks t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
      JOIN task_types tt ON tt.tenant_id = t.tenant_id AND tt.id = t.type_id AND tt.kind = 'urgent'
      WHERE a.tenant_id = ${caller.tenantId} AND a.workspace_node_id = ${caller.scope.nodeId}
        AND a.status NOT IN ('cancelled', 'expired')
        AND ((${coversDay(date, timezone)})
          OR (a.status IN ('open', 'rejected') AND a.due_at <= ${dayStart}))`,
  );
}
