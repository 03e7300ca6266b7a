import type { Tx } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { changePositionsOf } from '../users/people';
import { groupFilter } from './groupFilter';
import { give, takeBack, touchedBoth } from './groupPositions';
import {
  deleteGroupRow,
  deleteMembers,
  existingPeople,
  findGroup,
  findGroups,
  type GroupRow,
  insertGroup,
  insertMembers,
  type MemberRow,
  membersOf,
  updateGroupRow,
} from './groupRepository';
import { invalidValue, scimNotFound } from './protocol/errors';
import { applyPatch, type PatchOperation } from './protocol/patch';
import { listResponse, metaOf, pagingOf, project, type Resource } from './protocol/resource';
import { GROUP_SCHEMA } from './protocol/schemas';
import { idOf, type ScimContext } from './users';

type Projection = { attributes?: string; excludedAttributes?: string };

/** Whether the answer shows members: reading them is the costly part of a large group. */
function showsMembers(query: Projection): boolean {
  const list = (text?: string) =>
    (text ?? '')
      .split(',')
      .map((n) =>
        n
          .trim()
          .toLowerCase()
          .replace(/^urn:ietf:params:scim:schemas:core:2\.0:group:/, ''),
      )
      .filter(Boolean);
  const wanted = list(query.attributes);
  if (wanted.length > 0 && !wanted.some((n) => n === 'members' || n.startsWith('members.'))) return false;
  return !list(query.excludedAttributes).includes('members');
}

function toScimGroup(row: GroupRow, members: readonly MemberRow[] | undefined, baseUrl: string): Resource {
  return {
    schemas: [GROUP_SCHEMA],
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(members
      ? {
          members: members.map((m) => ({
            value: String(m.userId),
            display: m.display,
            $ref: `${baseUrl}/Users/${m.userId}`,
          })),
        }
      : {}),
    meta: metaOf({
      resourceType: 'Group',
      created: new Date(row.createdAt),
      lastModified: new Date(row.updatedAt),
      location: `${baseUrl}/Groups/${row.id}`,
    }),
  };
}

async function rowOf(c: ScimContext, id: string): Promise<GroupRow> {
  const groupId = idOf(id);
  const row = groupId === undefined ? undefined : await findGroup(c.db, c.tenantId, groupId);
  if (!row) throw scimNotFound('Group', id);
  return row;
}

async function resourceOf(c: ScimContext, row: GroupRow, query: Projection = {}) {
  const members = showsMembers(query) ? await membersOf(c.db, c.tenantId, [row.id]) : undefined;
  return project(toScimGroup(row, members, c.baseUrl), query);
}

export async function listGroups(
  c: ScimContext,
  query: Projection & { filter?: string; startIndex?: number; count?: number },
) {
  const where = query.filter ? groupFilter(query.filter) : undefined;
  const paging = pagingOf(query);
  const { rows, total } = await findGroups(c.db, c.tenantId, where, paging.offset, paging.limit);
  const members = showsMembers(query)
    ? await membersOf(
        c.db,
        c.tenantId,
        rows.map((r) => r.id),
      )
    : undefined;
  const resources = rows.map((row) =>
    project(
      toScimGroup(
        row,
        members?.filter((m) => m.groupId === row.id),
        c.baseUrl,
      ),
      query,
    ),
  );
  return listResponse(resources, total, paging);
}

export async function getGroup(c: ScimContext, id: string, query: Projection) {
  return resourceOf(c, await rowOf(c, id), query);
}

/** A group as the directory describes it; `members` undefined: as they are. */
interface GroupState {
  displayName: string;
  externalId: string | null;
  memberIds: number[] | undefined;
}

const key = (doc: Record<string, unknown>, name: string) =>
  doc[Object.keys(doc).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name];

function readGroup(doc: Record<string, unknown>): GroupState {
  const name = key(doc, 'displayName');
  if (typeof name !== 'string' || name.trim() === '')
    throw invalidValue('The group needs a displayName (its name in the directory).');
  if (name.trim().length > 200) throw invalidValue('The group’s displayName is longer than 200 characters.');
  const externalId = key(doc, 'externalId');
  const members = key(doc, 'members');
  if (members !== undefined && members !== null && !Array.isArray(members))
    throw invalidValue('The group’s members must be a list of {"value": "<user id>"}.');
  const memberIds = Array.isArray(members)
    ? [
        ...new Set(
          members.map((m) => {
            const value = m && typeof m === 'object' ? (m as Record<string, unknown>).value : m;
            const id = idOf(String(value ?? ''));
            if (id === undefined)
              throw invalidValue(`The member “${String(value)}” is not the id of a user of this service.`);
            return id;
          }),
        ),
      ]
    : members === null
      ? []
      : undefined;
  return {
    displayName: name.trim(),
    externalId: externalId === undefined || externalId === null ? null : String(externalId),
    memberIds,
  };
}

/**
 * Writes the group `next` describes (a new one when `id` is undefined): its name, and its members,
 * whose positions follow, in the organisation's turn with the last-administrator rule.
 */
async function writeGroup(c: ScimContext, id: number | undefined, next: GroupState): Promise<number> {
  return changePositionsOf(c.db, c.tenantId, async (tx) => {
    const group = id === undefined ? undefined : await findGroup(tx, c.tenantId, id, true);
    if (id !== undefined && !group) throw scimNotFound('Group', String(id));
    const groupId =
      group?.id ??
      (await insertGroup(tx, c.tenantId, { displayName: next.displayName, externalId: next.externalId }));
    const mapping = { id: groupId, nodeId: group?.nodeId ?? null, roleId: group?.roleId ?? null };
    if (group && (group.displayName !== next.displayName || group.externalId !== next.externalId))
      await updateGroupRow(tx, c.tenantId, groupId, {
        displayName: next.displayName,
        externalId: next.externalId,
      });
    const current = group ? await membersOf(tx, c.tenantId, [groupId]) : [];
    const wanted = new Set(next.memberIds ?? current.map((m) => m.userId));
    const had = new Set(current.map((m) => m.userId));
    const joining = [...wanted].filter((u) => !had.has(u));
    const leaving = current.filter((m) => !wanted.has(m.userId));
    await checkPeople(tx, c.tenantId, joining);
    const taken = await takeBack(tx, c.tenantId, mapping, leaving);
    await deleteMembers(
      tx,
      c.tenantId,
      groupId,
      leaving.map((m) => m.userId),
    );
    const given = await give(tx, c.tenantId, mapping, joining);
    await insertMembers(tx, c.tenantId, groupId, given.members);
    describeActivity({
      entity: 'scim',
      entityId: groupId,
      entityName: next.displayName,
      before: group ? { display_name: group.displayName, external_id: group.externalId } : null,
      after: {
        display_name: next.displayName,
        external_id: next.externalId,
        ...(joining.length > 0 ? { members_added: joining } : {}),
        ...(leaving.length > 0 ? { members_removed: leaving.map((m) => m.userId) } : {}),
      },
    });
    return { result: groupId, ...touchedBoth(taken, given.touched) };
  });
}

/** A member must be a person of this tenant (another tenant's id names no one here). */
async function checkPeople(tx: Tx, tenantId: number, ids: readonly number[]) {
  const known = await existingPeople(tx, tenantId, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw invalidValue(
      `No user of your organisation has the id ${unknown.map((id) => `“${id}”`).join(', ')}: provision them through /Users first.`,
    );
}

export async function createGroup(c: ScimContext, body: Record<string, unknown>) {
  const id = await writeGroup(c, undefined, readGroup(body));
  return resourceOf(c, (await findGroup(c.db, c.tenantId, id))!);
}

export async function replaceGroup(c: ScimContext, id: string, body: Record<string, unknown>) {
  const row = await rowOf(c, id);
  await writeGroup(c, row.id, readGroup(body));
  return resourceOf(c, (await findGroup(c.db, c.tenantId, row.id))!);
}

/** Applies the operations to the group as it is; a members attribute the patch removed is no members. */
export async function patchGroup(c: ScimContext, id: string, operations: readonly PatchOperation[]) {
  const row = await rowOf(c, id);
  const resource = toScimGroup(row, await membersOf(c.db, c.tenantId, [row.id]), c.baseUrl);
  const patched = applyPatch(resource, operations, []);
  const next = readGroup(patched);
  await writeGroup(c, row.id, { ...next, memberIds: next.memberIds ?? [] });
}

/** Deletes the group: the positions it gave go with it. */
export async function deleteGroup(c: ScimContext, id: string): Promise<void> {
  const row = await rowOf(c, id);
  await changePositionsOf(c.db, c.tenantId, async (tx) => {
    const group = await findGroup(tx, c.tenantId, row.id, true);
    if (!group) throw scimNotFound('Group', id);
    const taken = await takeBack(tx, c.tenantId, group, await membersOf(tx, c.tenantId, [group.id]));
    await deleteGroupRow(tx, c.tenantId, group.id);
    describeActivity({
      action: 'scim.group.delete',
      entity: 'scim',
      entityId: group.id,
      entityName: group.displayName,
    });
    return { result: undefined, ...taken };
  });
}
