import type { Tx } from '../../db/client';
import { givePositions, takePositions } from '../users/people';
import { heirsOf, holding, type MemberRow, setMemberPosition } from './groupRepository';

/*
 * A group mapped to a node and a role gives its members a position there (issue 47). What it gave
 * is recorded beside the membership, so taking it back never touches a position the group did not
 * give: one an administrator gave by hand, or another group's.
 */

/** The position a group gives: both or neither. */
export interface Mapping {
  id: number;
  nodeId: number | null;
  roleId: number | null;
}

/** Whose positions a change touched, and at which nodes (for the versions the change bumps). */
export interface Touched {
  userIds: number[];
  nodeIds: number[];
}

export const nothingTouched = (): Touched => ({ userIds: [], nodeIds: [] });

export const touchedBoth = (a: Touched, b: Touched): Touched => ({
  userIds: [...a.userIds, ...b.userIds],
  nodeIds: [...a.nodeIds, ...b.nodeIds],
});

/**
 * The positions these people get for joining the group: none when it maps nowhere, none for those
 * who hold that node and role already (recorded as null). Answers each one's membership row.
 */
export async function give(
  tx: Tx,
  tenantId: number,
  group: Mapping,
  userIds: readonly number[],
): Promise<{ members: { userId: number; positionId: number | null }[]; touched: Touched }> {
  const { nodeId, roleId } = group;
  if (nodeId === null || roleId === null || userIds.length === 0)
    return { members: userIds.map((userId) => ({ userId, positionId: null })), touched: nothingTouched() };
  const held = await holding(tx, tenantId, userIds, nodeId, roleId);
  const needing = userIds.filter((id) => !held.has(id));
  const ids = await givePositions(
    tx,
    tenantId,
    needing.map((userId) => ({ userId, nodeId, roleId })),
  );
  const given = new Map(needing.map((userId, i) => [userId, ids[i]!]));
  return {
    members: userIds.map((userId) => ({ userId, positionId: given.get(userId) ?? null })),
    touched: { userIds: needing, nodeIds: needing.length > 0 ? [nodeId] : [] },
  };
}

/**
 * Takes back the positions the group gave these members (under the mapping it had when it gave
 * them). A person whose other group maps to the same node and role keeps the position: that group
 * holds it from now on, so it goes when they leave that one.
 */
export async function takeBack(
  tx: Tx,
  tenantId: number,
  group: Mapping,
  members: readonly MemberRow[],
): Promise<Touched> {
  const giving = members.filter((m) => m.positionId !== null);
  if (giving.length === 0 || group.nodeId === null || group.roleId === null) return nothingTouched();
  const heirs = await heirsOf(
    tx,
    tenantId,
    group.id,
    group.nodeId,
    group.roleId,
    giving.map((m) => m.userId),
  );
  const heirOf = new Map(heirs.map((h) => [h.userId, h.groupId]));
  const taken: MemberRow[] = [];
  for (const member of giving) {
    const heir = heirOf.get(member.userId);
    if (heir === undefined) taken.push(member);
    else await setMemberPosition(tx, tenantId, heir, member.userId, member.positionId);
  }
  const nodeIds = await takePositions(
    tx,
    tenantId,
    taken.map((m) => m.positionId!),
  );
  return { userIds: taken.map((m) => m.userId), nodeIds };
}
