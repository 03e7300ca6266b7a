import type { Db } from '../../db/client';
import { type Caller, inScope } from '../../lib/caller';
import { addNodes, editWorkspaceNodes, type NodeWithObject, tenantNodes } from '../hierarchy/service';
import {
  activeAgainstLimit,
  addObjects,
  assertCanActivate,
  editObjects,
  isTimeZone,
  type ObjectColumns,
  workspacesTerm,
} from '../workspaces/service';
import type { SheetRow, Table } from './columns';
import { type MissingPath, NodeIndex, nameKey } from './nodes';
import { type Checked, duplicateRows, RowErrors, type RowOutcome, requiredText } from './outcome';

/** The object's text columns with the bounds of the workspace API (contract/api/hierarchy.ts). */
const TEXT_COLUMNS = {
  street_line1: 200,
  street_line2: 200,
  suburb: 100,
  city: 100,
  state: 100,
  postcode: 20,
  contact: 200,
  description: 2000,
} as const;
type TextColumn = keyof typeof TEXT_COLUMNS;

/** A container the run makes (create_containers): under an existing node or another one it makes. */
interface PendingContainer {
  key: string;
  name: string;
  /** An existing parent, with its path… */
  parentNodeId?: number;
  parentPath?: string;
  /** …or a container made before it. */
  parentKey?: string;
  level: number;
}

type Parent = { nodeId: number; path: string; level: number } | { pending: string; level: number };

/** What a run writes for one store. */
export interface StorePlan {
  name: string;
  status: 'active' | 'inactive';
  parent: Parent;
  columns: ObjectColumns;
  /** Set for a store already there. */
  nodeId?: number;
  objectId?: number;
  /** Whether the row adds (+1) or removes (−1) an active store. */
  activeDelta: number;
}

export interface StoresChecked extends Checked<StorePlan> {
  pending: PendingContainer[];
}

interface StoresContext {
  caller: Caller;
  nodes: NodeIndex;
  createContainers: boolean;
  pending: Map<string, PendingContainer>;
  /** Containers named but missing, by their path's key, as first written. */
  missing: Map<string, string>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD day (years 1900–2999, as the API's open_at) as midnight UTC. */
function openDate(value: string): string | undefined {
  const m = DATE.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 2999 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString();
}

/** Containers to make for a missing path, shared by every row naming it. */
function pendingFor(ctx: StoresContext, missing: MissingPath): Parent {
  let parentKey: string | undefined;
  let key = String(missing.at.id);
  missing.names.forEach((name, i) => {
    key = `${key}/${nameKey(name)}`;
    if (!ctx.pending.has(key))
      ctx.pending.set(key, {
        key,
        name,
        level: missing.at.level + 1 + i,
        ...(parentKey === undefined
          ? { parentNodeId: missing.at.id, parentPath: missing.at.path }
          : { parentKey }),
      });
    parentKey = key;
  });
  return { pending: key, level: missing.at.level + missing.names.length };
}

/** The container a row names, in the caller's part of the tree; made by the run if asked. */
function parentOf(ctx: StoresContext, text: string, errors: RowErrors): Parent | undefined {
  const found = ctx.nodes.find(text, ['container']);
  if ('node' in found) {
    const { node } = found;
    const label = ctx.nodes.pathOf(node);
    if (node.type === 'workspace') errors.add('parent', `${label} is a store, not a container`);
    else if (node.type === 'unassigned') errors.add('parent', 'Unassigned only holds people, not stores');
    else if (!inScope(ctx.caller, node.path))
      errors.add('parent', `${label} is outside your part of the organisation`);
    else return { nodeId: node.id, path: node.path, level: node.level };
    return undefined;
  }
  if (found.problem === 'ambiguous') {
    errors.add('parent', `"${text}" matches ${found.count} containers; give the full path from the top`);
    return undefined;
  }
  const missing = ctx.nodes.missing(text);
  if (!missing) {
    errors.add('parent', `No container "${text}": a name on that path is not a container`);
    return undefined;
  }
  const display = [ctx.nodes.pathOf(missing.at), ...missing.names]
    .filter((_, i) => i > 0 || missing.at.type !== 'root')
    .join(' / ');
  if (!inScope(ctx.caller, missing.at.path)) {
    errors.add(
      'parent',
      `No container "${text}", and it could only be made outside your part of the organisation`,
    );
    return undefined;
  }
  if (!ctx.createContainers) {
    if (!ctx.missing.has(nameKey(display))) ctx.missing.set(nameKey(display), display);
    errors.add(
      'parent',
      `No container "${display}": tick "Create missing containers" to make it, or correct the path`,
    );
    return undefined;
  }
  return pendingFor(ctx, missing);
}

/** The object's columns: a cell left empty keeps what a store already has (or is blank for a new one). */
function columnsOf(
  values: SheetRow['values'],
  identifier: string,
  current: NodeWithObject['object'],
  errors: RowErrors,
) {
  const columns = {
    // A store found by its identifier keeps it as written (the match ignores case).
    identifier: current?.identifier ?? identifier,
    open_at: current?.open_at ?? null,
    timezone: current?.timezone ?? null,
  } as ObjectColumns;
  for (const [column, max] of Object.entries(TEXT_COLUMNS) as [TextColumn, number][]) {
    const value = (values[column] ?? '').trim();
    if (value.length > max) errors.add(column, `${column} can be at most ${max} characters`);
    columns[column] = value || (current?.[column] ?? '');
  }
  const day = (values.open_date ?? '').trim();
  if (day) {
    const at = openDate(day);
    if (!at) errors.add('open_date', `"${day}" is not a date: write it as YYYY-MM-DD`);
    // The same day keeps the stored instant as it is.
    else if (current?.open_at?.slice(0, 10) !== day) columns.open_at = at;
  }
  const zone = (values.timezone ?? '').trim();
  if (zone) {
    if (zone.length > 64 || !isTimeZone(zone))
      errors.add(
        'timezone',
        `Time zone "${zone}" is not recognised: use an IANA name such as Australia/Sydney`,
      );
    else columns.timezone = zone;
  }
  return columns;
}

function sameColumns(a: ObjectColumns, b: NonNullable<NodeWithObject['object']>) {
  return (Object.keys(a) as (keyof ObjectColumns)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));
}

function checkRow(
  ctx: StoresContext,
  { row, values }: SheetRow,
  duplicateOf: number | undefined,
): RowOutcome<StorePlan> {
  const errors = new RowErrors(row);
  const identifier = requiredText(values, 'identifier', errors, 64);
  if (identifier && duplicateOf !== undefined)
    errors.add('identifier', `This identifier is also on row ${duplicateOf}`);
  const name = requiredText(values, 'name', errors, 120);
  const node = identifier ? ctx.nodes.workspaceByIdentifier(identifier) : undefined;
  if (node && !inScope(ctx.caller, node.path))
    errors.add('identifier', `The store ${identifier} is outside your part of the organisation`);
  const parentText = (values.parent ?? '').trim();
  let parent: Parent | undefined;
  if (parentText) parent = parentOf(ctx, parentText, errors);
  else if (!node) errors.add('parent', 'parent is required for a new store: give a container’s path or name');
  else {
    const current = ctx.nodes.get(node.parent_id!)!;
    parent = { nodeId: current.id, path: current.path, level: current.level };
  }
  const statusText = (values.status ?? '').trim().toLowerCase();
  let status: 'active' | 'inactive' = node?.status ?? 'active';
  if (statusText === 'active' || statusText === 'inactive') status = statusText;
  else if (statusText) errors.add('status', 'Use active or inactive');
  if (node && status === 'inactive' && node.status === 'active' && node.id === ctx.caller.scope.nodeId)
    errors.add('status', 'You cannot deactivate the store your own position is at');
  const columns = columnsOf(values, identifier ?? '', node?.object ?? null, errors);
  const key = identifier ?? values.identifier ?? '';
  if (errors.any || !identifier || !name || !parent)
    return { row, key, action: 'error', errors: errors.list };

  const was = node?.status === 'active' ? 1 : 0;
  const plan: StorePlan = {
    name,
    status,
    parent,
    columns,
    activeDelta: (status === 'active' ? 1 : 0) - was,
    ...(node ? { nodeId: node.id, objectId: node.object!.id } : {}),
  };
  if (!node) return { row, key, action: 'create', errors: [], plan };
  const same =
    node.name === name &&
    node.status === status &&
    'nodeId' in parent &&
    parent.nodeId === node.parent_id &&
    sameColumns(columns, node.object!);
  return { row, key, action: same ? 'unchanged' : 'update', errors: [], plan };
}

/**
 * Refuses the rows that would take the tenant past its active-workspace limit, in file order,
 * after counting the room the file's deactivations make.
 */
async function applyLimit(db: Db, caller: Caller, outcomes: RowOutcome<StorePlan>[]) {
  const { active, limit } = await activeAgainstLimit(db, caller.tenantId);
  const freed = outcomes.reduce((n, o) => n + (o.plan && o.plan.activeDelta < 0 ? 1 : 0), 0);
  let room = limit - active + freed;
  let term: string | undefined;
  for (const outcome of outcomes) {
    if (!outcome.plan || outcome.plan.activeDelta <= 0) continue;
    if (room > 0) {
      room--;
      continue;
    }
    term ??= await workspacesTerm(db, caller.tenantId);
    outcome.errors.push({
      row: outcome.row,
      column: 'status',
      message: `The limit of ${limit} active ${term} would be exceeded: import this one as inactive, or deactivate others first`,
    });
    outcome.action = 'error';
    delete outcome.plan;
  }
}

/** Checks every row of a stores file against the hierarchy and workspace rules; writes nothing. */
export async function checkStores(
  db: Db,
  caller: Caller,
  table: Table,
  createContainers: boolean,
): Promise<StoresChecked> {
  if (table.errors.length)
    return {
      fileErrors: table.errors,
      missingContainers: [],
      pending: [],
      outcomes: table.rows.map((r) => ({
        row: r.row,
        key: r.values.identifier ?? '',
        action: 'error',
        errors: [],
      })),
    };
  const ctx: StoresContext = {
    caller,
    nodes: new NodeIndex(await tenantNodes(db, caller.tenantId)),
    createContainers,
    pending: new Map(),
    missing: new Map(),
  };
  const duplicates = duplicateRows(table.rows, 'identifier', nameKey);
  const outcomes = table.rows.map((r) => checkRow(ctx, r, duplicates.get(r.row)));
  await applyLimit(db, caller, outcomes);
  // Only containers some valid row still needs are made.
  const needed = new Set<string>();
  for (const o of outcomes)
    if (o.plan && 'pending' in o.plan.parent)
      for (let key: string | undefined = o.plan.parent.pending; key; key = ctx.pending.get(key)?.parentKey)
        needed.add(key);
  return {
    fileErrors: [],
    missingContainers: [...ctx.missing.values()],
    pending: [...ctx.pending.values()].filter((p) => needed.has(p.key)),
    outcomes,
  };
}

const ROUND = 5000;

interface StoreApplyDeps {
  progress: (processed: number) => Promise<void>;
  /** What every organisation write is followed by (a task-target refresh), inside the transaction. */
  afterWrites: (tx: Db) => Promise<void>;
}

/**
 * Writes the planned stores inside the run's transaction (the caller holds the organisation lock):
 * the containers to make, level by level, then new stores and changes in rounds. Answers how many
 * containers were made.
 */
export async function applyStores(
  tx: Db,
  caller: Caller,
  checked: StoresChecked,
  rows: RowOutcome<StorePlan>[],
  deps: StoreApplyDeps,
): Promise<number> {
  const { tenantId } = caller;
  const made = new Map<string, { id: number; path: string }>();
  const levels = [...new Set(checked.pending.map((p) => p.level))].sort((a, b) => a - b);
  for (const level of levels) {
    const batch = checked.pending.filter((p) => p.level === level);
    const ids = await addNodes(
      tx,
      tenantId,
      batch.map((p) => ({
        parentId: p.parentNodeId ?? made.get(p.parentKey!)!.id,
        parentPath: p.parentPath ?? made.get(p.parentKey!)!.path,
        type: 'container' as const,
        name: p.name,
        level: p.level,
        status: 'active' as const,
      })),
    );
    batch.forEach((p, i) => {
      made.set(p.key, ids[i]!);
    });
  }
  const parentOf = (parent: Parent) =>
    'nodeId' in parent
      ? { parentId: parent.nodeId, parentPath: parent.path, level: parent.level + 1 }
      : {
          parentId: made.get(parent.pending)!.id,
          parentPath: made.get(parent.pending)!.path,
          level: parent.level + 1,
        };

  let processed = 0;
  let activating = 0;
  for (let i = 0; i < rows.length; i += ROUND) {
    const round = rows.slice(i, i + ROUND);
    const creates = round.filter((o) => o.action === 'create').map((o) => o.plan!);
    const updates = round.filter((o) => o.action === 'update').map((o) => o.plan!);
    const nodes = await addNodes(
      tx,
      tenantId,
      creates.map((p) => {
        const at = parentOf(p.parent);
        return {
          parentId: at.parentId,
          parentPath: at.parentPath,
          type: 'workspace' as const,
          name: p.name,
          level: at.level,
          status: p.status,
        };
      }),
    );
    await addObjects(
      tx,
      tenantId,
      creates.map((p, j) => ({ ...p.columns, node_id: nodes[j]!.id })),
    );
    await editWorkspaceNodes(
      tx,
      tenantId,
      updates.map((p) => ({ id: p.nodeId!, name: p.name, status: p.status, ...parentOf(p.parent) })),
    );
    await editObjects(
      tx,
      tenantId,
      updates.map((p) => ({ ...p.columns, id: p.objectId! })),
    );
    activating += [...creates, ...updates].reduce((n, p) => n + Math.max(0, p.activeDelta), 0);
    processed += round.length;
    await deps.progress(processed);
  }
  // Counted again under the tenant's lock, after the writes: activations made meanwhile by others count.
  if (activating > 0) await assertCanActivate(tx, tenantId, 0);
  await deps.afterWrites(tx);
  return made.size;
}
