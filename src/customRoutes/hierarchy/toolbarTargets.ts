import type { TreeNode } from '../../../contract/api/hierarchy';
import { ancestorIds, type TreeIndex } from './treeModel';

/** Node types a person may rename, move and delete (not the root nor "Unassigned"). */
const EDITABLE = new Set(['container', 'workspace']);

export const isEditable = (node: TreeNode | undefined) => EDITABLE.has(node?.type ?? '');

import type { HierarchyRights } from './useHierarchyRights';

/*
 * One selection model for the whole toolbar: it acts on the ticked nodes, or on the highlighted
 * one when none is ticked, and says which above the tree. Adding and renaming take one node;
 * moving and deleting take them all (a ticked node inside another ticked one goes with it).
 */
export function toolbarTargets(
  index: TreeIndex,
  checked: ReadonlySet<number>,
  selected: TreeNode | undefined,
  can: HierarchyRights,
) {
  const targets = (checked.size > 0 ? [...checked] : selected ? [selected.id] : [])
    .map((id) => index.byId.get(id))
    .filter((n): n is TreeNode => n !== undefined);
  const single = targets.length === 1 ? targets[0] : undefined;
  const editable = targets.length > 0 && targets.every(isEditable);
  const targetIds = targets.map((n) => n.id);
  const outermost = targetIds.filter((id) => !ancestorIds(index, id).some((a) => checked.has(a)));
  return {
    single,
    targetIds,
    toDelete: editable ? outermost : [],
    toMove: can.update && editable ? outermost : [],
    canAddHere: can.create && (single?.type === 'root' || single?.type === 'container'),
    canRenameHere: can.update && single !== undefined && single.type !== 'unassigned',
  };
}

export type ToolbarTargets = ReturnType<typeof toolbarTargets>;
