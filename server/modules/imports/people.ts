import type { Db } from '../../db/client';
import { type Caller, inScope } from '../../lib/caller';
import { tenantNodes } from '../hierarchy/service';
import type { Mailer } from '../mail/service';
import { checkValue, profileValuesOf, saveProfileValues } from '../profile/service';
import { listFields, type ProfileFieldRow } from '../profileFields/service';
import { beyond, type GrantRow } from '../roles/grants';
import { callerGrants, rolesWithGrants } from '../roles/service';
import { sendInvitations } from '../session/passwords';
import {
  addPeopleBulk,
  assertAdministratorRemains,
  changePositions,
  countAdministrators,
  type PositionDetail,
  peopleByEmails,
  renamePeople,
  type UserRow,
  unknowablePasswordHash,
} from '../users/service';
import type { FieldColumn, SheetRow, Table } from './columns';
import { NodeIndex, nameKey } from './nodes';
import { type Checked, duplicateRows, RowErrors, type RowOutcome, requiredText, yesNo } from './outcome';

/** The API's `format: email` rule (ajv-formats, full mode), so a file is held to what a form is. */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

const NODE_EXAMPLE =
  'give a path such as "New South Wales / Sydney Metro / Sydney CBD" or a store identifier';

interface Role {
  id: number;
  name: string;
  grants: GrantRow[];
}

/** What a run writes for one person. */
export interface PersonPlan {
  email: string;
  firstname: string;
  lastname: string;
  invite: boolean;
  /** Set for someone already there: their id and what changes. */
  userId?: number;
  rename: boolean;
  removePositions: number[];
  addPositions: { nodeId: number; roleId: number }[];
  values: { fieldId: number; value: string }[];
}

interface Existing {
  user: UserRow;
  positions: PositionDetail[];
}

/** Everything a check of people compares rows with, read in a handful of set-based queries. */
interface PeopleContext {
  caller: Caller;
  held: GrantRow[];
  roles: Map<string, Role>;
  rolesById: Map<number, Role>;
  nodes: NodeIndex;
  fields: Map<string, ProfileFieldRow>;
  existing: Map<string, Existing>;
  values: Map<number, Map<number, string>>;
}

/** The tenant's active profile fields, as the columns a people file may carry. */
export async function profileColumns(db: Db, tenantId: number): Promise<ProfileFieldRow[]> {
  return (await listFields(db, tenantId, true)).map((f) => f.field);
}

export const fieldColumns = (fields: readonly ProfileFieldRow[]): FieldColumn[] =>
  fields.map((f) => ({ id: f.id, name: f.name, shortName: f.shortName }));

async function loadContext(
  db: Db,
  caller: Caller,
  table: Table,
  fields: readonly ProfileFieldRow[],
): Promise<PeopleContext> {
  const { tenantId } = caller;
  const emails = [
    ...new Set(
      table.rows.map((r) => (r.values.email ?? '').trim().toLowerCase()).filter((e) => EMAIL.test(e)),
    ),
  ];
  // One after another: inside a run, `db` is a transaction, which runs one statement at a time.
  const held = await callerGrants(db, caller);
  const roles = await rolesWithGrants(db, tenantId);
  const nodes = await tenantNodes(db, tenantId);
  const found = await peopleByEmails(db, tenantId, emails);
  const stored = await profileValuesOf(
    db,
    tenantId,
    found.map((f) => f.user.id),
  );
  const values = new Map<number, Map<number, string>>();
  for (const v of stored) {
    const mine = values.get(v.userId) ?? new Map<number, string>();
    mine.set(v.fieldId, v.value);
    values.set(v.userId, mine);
  }
  const byColumn = new Map(
    [...table.fields].map(([column, f]) => [column, fields.find((x) => x.id === f.id)!]),
  );
  return {
    caller,
    held,
    roles: new Map(roles.map((r) => [nameKey(r.name), r])),
    rolesById: new Map(roles.map((r) => [r.id, r])),
    nodes: new NodeIndex(nodes),
    fields: byColumn,
    existing: new Map(found.map((f) => [f.user.username.toLowerCase(), f])),
    values,
  };
}

/** A place named by store identifier or path, checked as users/assigns.ts checks a position's node. */
function placeOf(
  ctx: PeopleContext,
  text: string,
  existing: Existing | undefined,
): { nodeId: number } | { problem: string } {
  const byIdentifier = ctx.nodes.workspaceByIdentifier(text);
  const found = byIdentifier ? { node: byIdentifier } : ctx.nodes.find(text, ['container', 'workspace']);
  if ('problem' in found)
    return {
      problem:
        found.problem === 'ambiguous'
          ? `"${text}" matches ${found.count} places; give the full path from the top`
          : `No place "${text}" in the organisation: ${NODE_EXAMPLE}`,
    };
  const { node } = found;
  const label = ctx.nodes.pathOf(node);
  if (node.type === 'unassigned')
    return { problem: 'People cannot be placed in Unassigned; choose a store or an area' };
  if (!inScope(ctx.caller, node.path))
    return { problem: `${label} is outside your part of the organisation` };
  const already = existing?.positions.some((p) => p.nodeId === node.id);
  if (node.status !== 'active' && !already)
    return { problem: `${label} is inactive; choose an active place` };
  return { nodeId: node.id };
}

/** A role by name that the caller may give (or that the person already holds there). */
function roleOf(
  ctx: PeopleContext,
  name: string,
  nodeId: number | undefined,
  existing: Existing | undefined,
): { roleId: number } | { problem: string } {
  const role = ctx.roles.get(nameKey(name));
  if (!role) return { problem: `No role named "${name}"` };
  const extra = beyond(ctx.held, role.grants);
  const kept = existing?.positions.some((p) => p.roleId === role.id && p.nodeId === nodeId);
  if (extra.length && !kept)
    return {
      problem: `You cannot give the role ${role.name}: it grants what your own role does not (${extra.join(', ')})`,
    };
  return { roleId: role.id };
}

/** The person's positions: the row's role at its node, then each "Role @ place" of extra_positions. */
function positionsOf(
  ctx: PeopleContext,
  values: SheetRow['values'],
  existing: Existing | undefined,
  errors: RowErrors,
) {
  const wanted: { nodeId: number; roleId: number }[] = [];
  const add = (roleName: string, place: string, column: string, prefix: string) => {
    const at = placeOf(ctx, place, existing);
    if ('problem' in at) errors.add(column === 'role' ? 'node' : column, prefix + at.problem);
    const role = roleOf(ctx, roleName, 'nodeId' in at ? at.nodeId : undefined, existing);
    if ('problem' in role) errors.add(column, prefix + role.problem);
    if ('nodeId' in at && 'roleId' in role) {
      if (wanted.some((p) => p.nodeId === at.nodeId && p.roleId === role.roleId))
        errors.add(column, `${prefix}This position is listed twice`);
      else wanted.push({ nodeId: at.nodeId, roleId: role.roleId });
    }
  };
  const role = (values.role ?? '').trim();
  const node = (values.node ?? '').trim();
  if (!role) errors.add('role', 'role is required');
  if (!node) errors.add('node', `node is required: ${NODE_EXAMPLE}`);
  if (role && node) add(role, node, 'role', '');
  for (const entry of (values.extra_positions ?? '').split(/[;\n]/)) {
    const text = entry.trim();
    if (!text) continue;
    const at = text.indexOf('@');
    if (at < 0) {
      errors.add('extra_positions', `"${text}": write each extra position as "Role @ place", separated by ;`);
      continue;
    }
    add(text.slice(0, at).trim(), text.slice(at + 1).trim(), 'extra_positions', `"${text}": `);
  }
  return wanted;
}

/** Profile field cells: an empty cell leaves the value as it is. */
function valuesOf(ctx: PeopleContext, values: SheetRow['values'], errors: RowErrors) {
  const out: { fieldId: number; value: string }[] = [];
  for (const [column, field] of ctx.fields) {
    const raw = (values[column] ?? '').trim();
    if (!raw) continue;
    const checked = checkValue(field, raw);
    if ('problem' in checked) errors.add(column, checked.problem);
    else if (checked.value !== null) out.push({ fieldId: field.id, value: checked.value });
  }
  return out;
}

/** Someone already there must be someone the caller may change (users/service manageableUser). */
function existingProblem(ctx: PeopleContext, existing: Existing): string | undefined {
  const { caller } = ctx;
  if (existing.user.id === caller.userId) return 'You cannot change your own account through an import';
  const visible = caller.nodeType === 'root' || existing.positions.some((p) => inScope(caller, p.nodePath));
  if (!visible) return 'A person with this e-mail address exists outside your part of the organisation';
  const extra = new Set(
    existing.positions.flatMap((p) => beyond(ctx.held, ctx.rolesById.get(p.roleId)?.grants ?? [])),
  );
  if (extra.size)
    return `This person holds a role with access yours does not have (${[...extra].join(', ')}), so you cannot change them`;
  return undefined;
}

function checkRow(
  ctx: PeopleContext,
  { row, values }: SheetRow,
  duplicateOf: number | undefined,
): RowOutcome<PersonPlan> {
  const errors = new RowErrors(row);
  const firstname = requiredText(values, 'first_name', errors, 100);
  const lastname = requiredText(values, 'last_name', errors, 100);
  const email = (values.email ?? '').trim();
  if (!email) errors.add('email', 'email is required');
  else if (email.length > 254 || !EMAIL.test(email))
    errors.add('email', `"${email}" is not an e-mail address`);
  else if (duplicateOf !== undefined)
    errors.add('email', `This e-mail address is also on row ${duplicateOf}`);
  const existing = email ? ctx.existing.get(email.toLowerCase()) : undefined;
  const refused = existing && existingProblem(ctx, existing);
  if (refused) errors.add('email', refused);
  const wanted = positionsOf(ctx, values, existing, errors);
  const profile = valuesOf(ctx, values, errors);
  const invite = yesNo(values.send_invite);
  if (invite === undefined) errors.add('send_invite', 'Use yes or no');
  if (errors.any || !firstname || !lastname) return { row, key: email, action: 'error', errors: errors.list };

  const plan: PersonPlan = {
    email,
    firstname,
    lastname,
    invite: invite === true,
    rename: false,
    removePositions: [],
    addPositions: wanted,
    values: profile,
  };
  if (!existing) return { row, key: email, action: 'create', errors: [], plan };

  // As a user update: the file's positions replace those in the caller's part of the tree; the
  // person's positions elsewhere are not the caller's to see or remove.
  const mine = existing.positions.filter((p) => inScope(ctx.caller, p.nodePath));
  const kept = new Set<number>();
  plan.addPositions = wanted.filter((w) => {
    const same = mine.find((p) => !kept.has(p.id) && p.nodeId === w.nodeId && p.roleId === w.roleId);
    if (same) kept.add(same.id);
    return !same;
  });
  plan.removePositions = mine.filter((p) => !kept.has(p.id)).map((p) => p.id);
  plan.userId = existing.user.id;
  plan.rename = existing.user.firstname !== firstname || existing.user.lastname !== lastname;
  const stored = ctx.values.get(existing.user.id);
  plan.values = profile.filter((v) => stored?.get(v.fieldId) !== v.value);
  const changed =
    plan.rename || plan.addPositions.length > 0 || plan.removePositions.length > 0 || plan.values.length > 0;
  return { row, key: email, action: changed ? 'update' : 'unchanged', errors: [], plan };
}

/** Checks every row of a people file against the users module's rules; writes nothing. */
export async function checkPeople(
  db: Db,
  caller: Caller,
  table: Table,
  fields: readonly ProfileFieldRow[],
): Promise<Checked<PersonPlan>> {
  if (table.errors.length)
    return {
      fileErrors: table.errors,
      missingContainers: [],
      outcomes: table.rows.map((r) => ({
        row: r.row,
        key: r.values.email ?? '',
        action: 'error',
        errors: [],
      })),
    };
  const ctx = await loadContext(db, caller, table, fields);
  const duplicates = duplicateRows(table.rows, 'email', (e) => e.toLowerCase());
  return {
    fileErrors: [],
    missingContainers: [],
    outcomes: table.rows.map((r) => checkRow(ctx, r, duplicates.get(r.row))),
  };
}

/** Rows written per round: each round is a few statements, and progress is reported between rounds. */
const ROUND = 5000;

interface ApplyDeps {
  mailer: Mailer;
  publicUrl: string;
  progress: (processed: number) => Promise<void>;
}

/**
 * Writes the planned people inside the run's transaction (the caller holds the organisation lock):
 * new people with their positions, profile values and invitations; changed names, positions and
 * values of the others. The last-administrator rule is checked at the end, on the whole result.
 */
export async function applyPeople(
  tx: Db,
  caller: Caller,
  outcomes: RowOutcome<PersonPlan>[],
  deps: ApplyDeps,
): Promise<void> {
  const { tenantId } = caller;
  const before = await countAdministrators(tx, tenantId);
  const passwordHash = await unknowablePasswordHash();
  let processed = 0;
  for (let i = 0; i < outcomes.length; i += ROUND) {
    const round = outcomes.slice(i, i + ROUND);
    const creates = round.filter((o) => o.action === 'create').map((o) => o.plan!);
    const updates = round.filter((o) => o.action === 'update').map((o) => o.plan!);
    const ids = await addPeopleBulk(
      tx,
      tenantId,
      creates.map((p) => ({
        email: p.email,
        firstname: p.firstname,
        lastname: p.lastname,
        forceReset: true,
      })),
      passwordHash,
    );
    const idOf = (p: PersonPlan) => p.userId ?? ids.get(p.email.toLowerCase())!;
    const changed = [...creates, ...updates];
    await changePositions(tx, tenantId, {
      remove: updates.flatMap((p) => p.removePositions),
      insert: changed.flatMap((p) => p.addPositions.map((a) => ({ userId: idOf(p), ...a }))),
    });
    await renamePeople(
      tx,
      tenantId,
      updates
        .filter((p) => p.rename)
        .map((p) => ({ id: p.userId!, firstname: p.firstname, lastname: p.lastname })),
    );
    await saveProfileValues(
      tx,
      tenantId,
      changed.flatMap((p) => p.values.map((v) => ({ userId: idOf(p), ...v }))),
    );
    await sendInvitations(
      tx,
      deps.mailer,
      deps.publicUrl,
      tenantId,
      creates
        .filter((p) => p.invite)
        .map((p) => ({ id: idOf(p), email: p.email, firstname: p.firstname, preferredName: null })),
    );
    processed += round.length;
    await deps.progress(processed);
  }
  await assertAdministratorRemains(tx, tenantId, before);
}
