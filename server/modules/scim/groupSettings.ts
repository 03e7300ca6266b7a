import type { ScimGroup, ScimGroupList, ScimGroupUpdateBody } from '../../../contract/api/scim';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { type Caller, inScope } from '../../lib/caller';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { nodesByIds } from '../hierarchy/service';
import { beyond } from '../roles/grants';
import { callerGrants, findRolesByIds, loadGrants } from '../roles/service';
import { OUTSIDE_SCOPE } from '../users/assigns';
import { changePositionsOf } from '../users/people';
import { give, takeBack, touchedBoth } from './groupPositions';
import {
  findGroup,
  groupsWithPlaces,
  membersOf,
  setMemberPositions,
  updateGroupRow,
} from './groupRepository';

/*
 * The Settings screen's side of the directory's groups (issue 47): which position each group
 * gives. Changing it moves its members' positions from the old node and role to the new ones.
 */

const GROUP_MAPPING_HALF =
  'Choose both a node and a role for the group to give, or neither for it to give no position.';
const GROUP_MAPPING_UNASSIGNED =
  'People cannot hold a position at the Unassigned node: choose a place in the organisation.';

type Row = Awaited<ReturnType<typeof groupsWithPlaces>>[number];

const toGroup = (row: Row): ScimGroup => ({
  id: row.id,
  display_name: row.displayName,
  external_id: row.externalId,
  members: row.members,
  node_id: row.nodeId,
  node_name: row.nodeName,
  role_id: row.roleId,
  role_name: row.roleName,
});

export async function listGroups(db: Db, tenantId: number): Promise<ScimGroupList> {
  return (await groupsWithPlaces(db, tenantId)).map(toGroup);
}

/**
 * The node and role must be the tenant's (404 otherwise), both given or both null; and, as for a
 * position given by hand (users/assigns.ts), the node in the caller's part of the tree and the
 * role granting nothing beyond the caller's own: a group gives its position to everyone the
 * directory puts in it, so mapping one is giving that position.
 */
async function checkMapping(db: Db, caller: Caller, body: ScimGroupUpdateBody) {
  const { tenantId } = caller;
  const { node_id: nodeId, role_id: roleId } = body;
  if ((nodeId === null) !== (roleId === null))
    throw badRequest(GROUP_MAPPING_HALF, {
      [nodeId === null ? 'node_id' : 'role_id']: GROUP_MAPPING_HALF,
    });
  if (nodeId === null || roleId === null) return;
  const [node] = await nodesByIds(db, tenantId, [nodeId]);
  if (!node) throw notFound(`Node ${nodeId}`);
  if (node.type === 'unassigned')
    throw badRequest(GROUP_MAPPING_UNASSIGNED, { node_id: GROUP_MAPPING_UNASSIGNED });
  const [role] = await findRolesByIds(db, tenantId, [roleId]);
  if (!role) throw notFound('Role');
  if (!inScope(caller, node.path)) throw new HttpError(403, OUTSIDE_SCOPE, { node_id: OUTSIDE_SCOPE });
  const extra = beyond(
    await callerGrants(db, caller),
    (await loadGrants(db, tenantId, [roleId])).get(roleId) ?? [],
  );
  if (extra.length) {
    const refused = `You cannot give the role ${role.name}: it grants what your own role does not (${extra.join(', ')})`;
    throw new HttpError(403, refused, { role_id: refused });
  }
}

/** Sets the position a group gives; its members lose the one it gave and get the new one. */
export async function updateMapping(db: Db, caller: Caller, body: ScimGroupUpdateBody): Promise<ScimGroup> {
  const { tenantId } = caller;
  await changePositionsOf(db, tenantId, async (tx) => {
    const group = await findGroup(tx, tenantId, body.id, true);
    if (!group) throw notFound('Group');
    await checkMapping(tx, caller, body);
    const next = { id: group.id, nodeId: body.node_id, roleId: body.role_id };
    describeActivity({
      entityId: group.id,
      entityName: group.displayName,
      before: { node_id: group.nodeId, role_id: group.roleId },
      after: { node_id: next.nodeId, role_id: next.roleId },
    });
    if (group.nodeId === next.nodeId && group.roleId === next.roleId)
      return { result: undefined, userIds: [], nodeIds: [] };
    const members = await membersOf(tx, tenantId, [group.id]);
    // Taken back first: a member who held only what the group gave is offered it again below.
    const taken = await takeBack(tx, tenantId, group, members);
    await updateGroupRow(tx, tenantId, group.id, { nodeId: next.nodeId, roleId: next.roleId });
    const given = await give(
      tx,
      tenantId,
      next,
      members.map((m) => m.userId),
    );
    await setMemberPositions(tx, tenantId, group.id, given.members);
    return { result: undefined, ...touchedBoth(taken, given.touched) };
  });
  return toGroup((await groupsWithPlaces(db, tenantId, body.id))[0]!);
}
