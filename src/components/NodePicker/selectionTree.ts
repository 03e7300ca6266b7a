import type { HierarchyNode } from '../../../contract/api/session';

/**
 * Which nodes a selection tree offers (spec §5). By default only root and container nodes;
 * each flag widens it.
 */
export interface SelectionOptions {
  /** Offer workspaces (active ones; inactive ones too with `includeInactive`). */
  includeWorkspaces?: boolean;
  /** Offer the unassigned node (spec §5: "only on request"). */
  includeUnassigned?: boolean;
  /** With `includeWorkspaces`, also offer inactive workspaces. */
  includeInactive?: boolean;
  /** Let a container that has no children be chosen (spec §5: disabled unless allowed). */
  allowEmptyContainers?: boolean;
  /** Nodes left out with everything below them (the node being moved cannot go under itself). */
  excludeIds?: readonly number[];
}

/** One choice of the flattened tree, in depth-first order. */
export interface SelectionOption {
  id: number;
  name: string;
  type: HierarchyNode['type'];
  status: HierarchyNode['status'];
  depth: number;
  disabled: boolean;
  /** Ancestor names from the top of the given tree down to the parent. */
  ancestors: string[];
}

function isOffered(node: HierarchyNode, options: SelectionOptions): boolean {
  switch (node.type) {
    case 'root':
    case 'container':
      return true;
    case 'unassigned':
      return options.includeUnassigned === true;
    case 'workspace':
      return (
        options.includeWorkspaces === true && (node.status === 'active' || options.includeInactive === true)
      );
  }
}

/**
 * Spec §5's selection tree, flattened for a picker: only root and container nodes by default;
 * unassigned only on request; workspaces only when asked for, and then only active ones unless
 * inactive ones are allowed; a container without children — none at all in the organisation, so a
 * half-built branch — is disabled unless the caller allows empty containers.
 */
export function selectionOptions(
  nodes: readonly HierarchyNode[],
  options: SelectionOptions = {},
): SelectionOption[] {
  const excluded = new Set(options.excludeIds ?? []);
  const result: SelectionOption[] = [];
  const walk = (list: readonly HierarchyNode[], depth: number, ancestors: string[]) => {
    for (const node of list) {
      if (excluded.has(node.id) || !isOffered(node, options)) continue;
      const empty = node.type === 'container' && node.children.length === 0;
      result.push({
        id: node.id,
        name: node.name,
        type: node.type,
        status: node.status,
        depth,
        disabled: empty && options.allowEmptyContainers !== true,
        ancestors,
      });
      if (node.children.length > 0) walk(node.children, depth + 1, [...ancestors, node.name]);
    }
  };
  walk(nodes, 0, []);
  return result;
}
