import type {
  ActionAssignees,
  ActionAssigneesQuery,
  ActionCounts,
  ActionCountsQuery,
  ActionListQuery,
  ActionPage,
} from '../../../contract/api/actions';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { checkDate } from '../../lib/localDates';
import { nodeIn, storeIn } from '../../lib/scopeNodes';
import type { Table } from '../../lib/spreadsheet';
import { type ActionFilter, assigneesAt, countActions, listActions } from './repository';

/** At most this many actions in one export. */
export const EXPORT_LIMIT = 50_000;

/** The subtree a list or the counts cover: the caller's scope, or a node in it (404 outside it). */
async function pathOf(db: Db, caller: Caller, nodeId: number | undefined): Promise<string> {
  if (nodeId === undefined) return caller.scope.path;
  const node = await nodeIn(db, caller.tenantId, caller.scope.path, nodeId);
  if (!node) throw notFound('Node');
  return node.path;
}

async function filterOf(db: Db, caller: Caller, query: ActionListQuery): Promise<ActionFilter> {
  if (query.due_from) checkDate(query.due_from, 'due_from');
  if (query.due_to) checkDate(query.due_to, 'due_to');
  return {
    path: await pathOf(db, caller, query.node_id),
    mine: query.mine ? caller : undefined,
    state: query.state,
    status: query.status,
    priority: query.priority,
    source: query.source,
    assigneeId: query.assignee_id,
    inspectionId: query.inspection_id,
    dueFrom: query.due_from,
    dueTo: query.due_to,
    q: query.q,
  };
}

const orderOf = (query: ActionListQuery) => ({ sort: query.sort ?? 'due_date', order: query.order ?? 'asc' });

export async function list(db: Db, caller: Caller, query: ActionListQuery): Promise<ActionPage> {
  const { rows, total } = await listActions(
    db,
    caller.tenantId,
    await filterOf(db, caller, query),
    orderOf(query),
    {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    },
  );
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

/** The filtered list as a table to download, in the list's order (at most EXPORT_LIMIT rows). */
export async function exportTable(db: Db, caller: Caller, query: ActionListQuery): Promise<Table> {
  const { rows } = await listActions(db, caller.tenantId, await filterOf(db, caller, query), orderOf(query), {
    limit: EXPORT_LIMIT,
    offset: 0,
  });
  return {
    title: 'Actions',
    header: [
      'Id',
      'Title',
      'Store',
      'Priority',
      'Status',
      'Due date',
      'Overdue',
      'Assignee',
      'Raised by',
      'Raised (UTC)',
      'Closed (UTC)',
      'Source',
    ],
    rows: rows.map((r) => [
      r.id,
      r.title,
      r.store.name,
      r.priority,
      r.status,
      r.due_date,
      r.overdue ? 'yes' : 'no',
      r.assignee?.name ?? null,
      r.created_by.name,
      r.created_at,
      r.closed_at,
      r.source,
    ]),
  };
}

/** The dashboard's figures for a node of the caller's scope (their own place without one). */
export async function counts(db: Db, caller: Caller, query: ActionCountsQuery): Promise<ActionCounts> {
  return countActions(db, caller, await pathOf(db, caller, query.node_id));
}

export async function assignees(
  db: Db,
  caller: Caller,
  query: ActionAssigneesQuery,
): Promise<ActionAssignees> {
  const store = await storeIn(db, caller.tenantId, caller.scope.path, query.store_id);
  if (!store) throw notFound('Workspace');
  return { data: await assigneesAt(db, caller, store, query.q) };
}
