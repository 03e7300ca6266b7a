import { type SQL, sql } from 'drizzle-orm';
import { hierarchyNodes, taskAssignments, taskTargets } from '../db/schema';
import { type Caller, can } from './caller';

/*
 * Which tasks a caller may see (issue 10, taskmanagement.read): those authored in the caller's
 * part of the tree, and — once published — those targeting it (a target above the caller reaches
 * them, a target inside their subtree is theirs to follow). Root callers see the whole tenant.
 * `t` is the alias of the tasks table in the query that uses these.
 */

const scopeLike = (caller: Caller) => `${caller.scope.path}%`;

/** The task's author stood inside the caller's subtree. */
const authoredInScope = (caller: Caller) => sql`EXISTS (
  SELECT 1 FROM ${hierarchyNodes} an
  WHERE an.tenant_id = t.tenant_id AND an.id = t.author_node_id AND an.path LIKE ${scopeLike(caller)})`;

/** One of the task's included nodes lies inside the caller's subtree or above the caller. */
const targetsScope = (caller: Caller) => sql`EXISTS (
  SELECT 1 FROM ${taskTargets} tt
  JOIN ${hierarchyNodes} tn ON tn.tenant_id = tt.tenant_id AND tn.id = tt.node_id
  WHERE tt.tenant_id = t.tenant_id AND tt.task_id = t.id AND tt.mode = 'include'
    AND (tn.path LIKE ${scopeLike(caller)} OR ${caller.scope.path} LIKE tn.path || '%'))`;

/** Task management's view: authored in scope, or published/archived and targeting it. */
export function managedBy(caller: Caller): SQL {
  if (caller.nodeType === 'root') return sql`true`;
  return sql`(${authoredInScope(caller)} OR (t.status <> 'draft' AND ${targetsScope(caller)}))`;
}

/** My Tasks' view: the task has an assignment at a workspace in the caller's subtree. */
export function assignedWithin(caller: Caller): SQL {
  return sql`EXISTS (
    SELECT 1 FROM ${taskAssignments} a
    JOIN ${hierarchyNodes} wn ON wn.tenant_id = a.tenant_id AND wn.id = a.workspace_node_id
    WHERE a.tenant_id = t.tenant_id AND a.task_id = t.id AND wn.path LIKE ${scopeLike(caller)})`;
}

/** Everything the caller may open by either module (downloads of a task's files use this). */
export function seenBy(caller: Caller): SQL {
  const views: SQL[] = [];
  if (can(caller, 'taskmanagement', ['read'])) views.push(managedBy(caller));
  if (can(caller, 'mytasks', ['read']) || can(caller, 'compliance', ['read']))
    views.push(assignedWithin(caller));
  if (views.length === 0) return sql`false`;
  return sql`(${sql.join(views, sql` OR `)})`;
}
