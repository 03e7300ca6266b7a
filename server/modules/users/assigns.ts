import type { AssignInput } from '../../../contract/api/users';
import type { Db } from '../../db/client';
import { type Caller, inScope } from '../../lib/caller';
import { badRequest, HttpError } from '../../lib/errors';
import { nodesByIds } from '../hierarchy/service';
import { beyond } from '../roles/grants';
import { findRolesByIds, type GrantRow, loadGrants } from '../roles/service';
import type { PositionDetail } from './repository';

export const OUTSIDE_SCOPE = 'You can only place people inside your part of the organisation';

export interface PositionPlan {
  insert: { nodeId: number; roleId: number }[];
  update: { id: number; nodeId: number; roleId: number }[];
  remove: number[];
}

/**
 * Turns the `assigns` of a create or update into position changes, after checking every entry:
 * the node exists, is a place people work (not Unassigned), lies in the caller's scope and is
 * active (unless the position is already there); the role exists and grants nothing beyond the
 * caller's own role. Positions outside the caller's scope are not theirs to see or remove, so
 * they are left as they are. Problems are reported per entry (`assigns.<i>.node_id`, …).
 */
export async function planPositions(
  db: Db,
  caller: Caller,
  held: GrantRow[],
  entries: AssignInput[],
  existing: PositionDetail[] = [],
): Promise<PositionPlan> {
  const nodes = new Map(
    (
      await nodesByIds(
        db,
        caller.tenantId,
        entries.map((e) => e.node_id),
      )
    ).map((n) => [n.id, n]),
  );
  const roleIds = [...new Set(entries.map((e) => e.role_id))];
  const roles = new Map((await findRolesByIds(db, caller.tenantId, roleIds)).map((r) => [r.id, r]));
  const grants = await loadGrants(db, caller.tenantId, [...roles.keys()]);
  const mine = new Map(existing.filter((p) => inScope(caller, p.nodePath)).map((p) => [p.id, p]));

  const invalid: Record<string, string> = {};
  const refused: Record<string, string> = {};
  const seen = new Set<string>();
  const plan: PositionPlan = { insert: [], update: [], remove: [] };
  const kept = new Set<number>();
  const named = new Set(entries.map((e) => e.id).filter((id) => id !== undefined));
  // An entry sent without its id still keeps the position it repeats, so ids (and a user's choice
  // of position) survive clients that only send node and role.
  const same = (entry: AssignInput) =>
    [...mine.values()].find(
      (p) => !named.has(p.id) && !kept.has(p.id) && p.nodeId === entry.node_id && p.roleId === entry.role_id,
    );

  entries.forEach((entry, i) => {
    const at = `assigns.${i}`;
    const node = nodes.get(entry.node_id);
    const role = roles.get(entry.role_id);
    const current = entry.id === undefined ? same(entry) : mine.get(entry.id);
    if (entry.id !== undefined && !current) invalid[`${at}.id`] = 'This position is not one of this user’s';
    else if (current && kept.has(current.id)) invalid[`${at}.id`] = 'This position is listed twice';
    if (!node) invalid[`${at}.node_id`] = 'This place no longer exists';
    else if (node.type === 'unassigned')
      invalid[`${at}.node_id`] = 'People cannot be placed in Unassigned; choose a workspace or an area';
    else if (!inScope(caller, node.path)) refused[`${at}.node_id`] = OUTSIDE_SCOPE;
    else if (node.status !== 'active' && current?.nodeId !== node.id)
      invalid[`${at}.node_id`] = `${node.name} is inactive; choose an active place`;
    if (!role) invalid[`${at}.role_id`] = 'This role no longer exists';
    else {
      const extra = beyond(held, grants.get(role.id) ?? []);
      const unchanged = current?.roleId === role.id;
      if (extra.length && !unchanged)
        refused[`${at}.role_id`] =
          `You cannot give the role ${role.name}: it grants what your own role does not (${extra.join(', ')})`;
    }
    const pair = `${entry.node_id}:${entry.role_id}`;
    if (seen.has(pair)) invalid[`${at}.node_id`] = 'This position is listed twice';
    seen.add(pair);
    if (current) {
      kept.add(current.id);
      if (current.nodeId !== entry.node_id || current.roleId !== entry.role_id)
        plan.update.push({ id: current.id, nodeId: entry.node_id, roleId: entry.role_id });
    } else {
      plan.insert.push({ nodeId: entry.node_id, roleId: entry.role_id });
    }
  });

  const firstInvalid = Object.values(invalid)[0];
  if (firstInvalid) throw badRequest(firstInvalid, invalid);
  const firstRefused = Object.values(refused)[0];
  if (firstRefused) throw new HttpError(403, firstRefused, refused);
  plan.remove = [...mine.keys()].filter((id) => !kept.has(id));
  return plan;
}
