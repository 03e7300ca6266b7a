import { WORKSPACE_ADDRESS_FIELDS, type WorkspaceObjectInput } from '../../../contract/api/hierarchy';
import type {
  WorkspaceCreateBody,
  WorkspaceListQuery,
  WorkspaceRecord,
  WorkspaceSummary,
  WorkspaceUpdateBody,
} from '../../../contract/api/workspaces';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { type Caller, inScope } from '../../lib/caller';
import { forbidden, notFound } from '../../lib/errors';
import { emitEvent } from '../../lib/integrationEvents';
import { countWorkspaces } from '../../lib/workspaceCount';
import type { Jobs } from '../../plugins/jobs';
import { createNode, nodeInScope, OUTSIDE_SCOPE, setNodeStatus, updateNode } from '../hierarchy/service';
import { assertCanActivate } from '../hierarchy/workspaceLimit';
import { findWorkspaceOfNode } from '../hierarchy/workspaceRows';
import { loadSettings } from '../settings/service';
import {
  findWorkspace,
  insertWorkspaces,
  type JoinedWorkspace,
  listWorkspaces as listRows,
  type ObjectColumns,
  updateWorkspacesBulk,
} from './repository';

const OBJECT_FIELDS = [
  'identifier',
  ...WORKSPACE_ADDRESS_FIELDS,
  'open_at',
  'timezone',
] as const satisfies readonly (keyof WorkspaceObjectInput)[];

function objectInput(body: Partial<Record<(typeof OBJECT_FIELDS)[number], unknown>>): WorkspaceObjectInput {
  const input: Record<string, unknown> = {};
  for (const field of OBJECT_FIELDS) if (body[field] !== undefined) input[field] = body[field];
  return input as WorkspaceObjectInput;
}

export async function listWorkspaces(db: Db, caller: Caller, query: WorkspaceListQuery) {
  const under = query.node_id === undefined ? undefined : await nodeInScope(db, caller, query.node_id);
  const { rows, total } = await listRows(db, caller, { ...query, underPath: under?.path });
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

/** 404 for an id the tenant does not have (another tenant's included), 403 outside the caller's subtree. */
async function workspaceInScope(db: Db, caller: Caller, id: number): Promise<JoinedWorkspace> {
  const row = await findWorkspace(db, caller.tenantId, id);
  if (!row) throw notFound('Workspace');
  if (!inScope(caller, row.node.path)) throw forbidden(OUTSIDE_SCOPE);
  return row;
}

export async function getWorkspace(db: Db, caller: Caller, id: number): Promise<WorkspaceRecord> {
  await workspaceInScope(db, caller, id);
  // The record as the list builds it, in the same statement.
  const { rows } = await listRows(db, caller, { id, page: 1, per_page: 1 });
  return rows[0]!;
}

/** A workspace is a hierarchy node with an object: creation goes through the node service. */
export async function createWorkspace(db: Db, jobs: Jobs, caller: Caller, body: WorkspaceCreateBody) {
  const node = await createNode(
    db,
    jobs,
    caller,
    {
      parent_id: body.parent_id,
      type: 'workspace',
      name: body.name,
      object: objectInput(body),
      status: body.status,
    },
    '',
    'workspace',
  );
  const object = await findWorkspaceOfNode(db, caller.tenantId, node.id);
  return getWorkspace(db, caller, object!.id);
}

export async function updateWorkspace(db: Db, jobs: Jobs, caller: Caller, body: WorkspaceUpdateBody) {
  const current = await workspaceInScope(db, caller, body.id);
  const object = objectInput(body);
  await updateNode(
    db,
    jobs,
    caller,
    {
      id: current.node.id,
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(Object.keys(object).length ? { object } : {}),
      ...(body.parent_id === undefined ? {} : { parent_id: body.parent_id }),
    },
    '',
  );
  return getWorkspace(db, caller, body.id);
}

/** Activating counts against the tenant's `max_active_workspace`; deactivating never fails on it. */
export async function setWorkspaceStatus(
  db: Db,
  jobs: Jobs,
  caller: Caller,
  id: number,
  status: 'active' | 'inactive',
) {
  await db.transaction(async (tx) => {
    const current = await workspaceInScope(tx, caller, id);
    if (current.node.status === status) return;
    if (status === 'inactive' && current.node.id === caller.scope.nodeId)
      throw forbidden('You cannot deactivate the {workspace_lower} your own position is at.');
    if (status === 'active') await assertCanActivate(tx, caller.tenantId);
    await setNodeStatus(tx, jobs, caller, current.node.id, status);
    await emitEvent(jobs, tx, caller.tenantId, status === 'active' ? 'store.opened' : 'store.closed', {
      store_id: current.node.id,
      workspace_id: id,
      name: current.node.name,
    });
    describeActivity({ entityName: current.node.name, scopePath: current.node.path });
  });
  return getWorkspace(db, caller, id);
}

export async function workspaceSummary(db: Db, caller: Caller): Promise<WorkspaceSummary> {
  const [counts, settings] = await Promise.all([
    countWorkspaces(db, caller.tenantId),
    loadSettings(db, caller.tenantId),
  ]);
  return { ...counts, limit: settings.max_active_workspace };
}

/*
 * Set-based writes for bulk imports (issue 14). The import service checks every row against this
 * module's rules first (identifier unique, time zone known, the active limit through
 * assertCanActivate) and calls these inside its transaction.
 */
export { assertCanActivate, workspacesTerm } from '../hierarchy/workspaceLimit';
export { isTimeZone } from '../hierarchy/workspaceObject';
export type { ObjectColumns };

/** Active workspaces against the limit, read one statement after the other (usable in a transaction). */
export async function activeAgainstLimit(db: Db, tenantId: number) {
  const { active } = await countWorkspaces(db, tenantId);
  const settings = await loadSettings(db, tenantId);
  return { active, limit: settings.max_active_workspace };
}

/** Objects for many new workspace nodes (made by the hierarchy service's addNodes). */
export function addObjects(db: Db, tenantId: number, rows: readonly (ObjectColumns & { node_id: number })[]) {
  return insertWorkspaces(db, tenantId, rows);
}

/** Every column of many workspace objects, by object id. */
export function editObjects(db: Db, tenantId: number, rows: readonly (ObjectColumns & { id: number })[]) {
  return updateWorkspacesBulk(db, tenantId, rows);
}
