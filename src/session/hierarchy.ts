import type { HierarchyNode } from '../../contract/api/session';

/** Depth-first search of the hierarchy tree for a node id. */
export function findNode(nodes: readonly HierarchyNode[], id: number): HierarchyNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** One option of a cascading hierarchy picker. */
export interface CascaderOption {
  value: number;
  label: string;
  type: HierarchyNode['type'];
  disabled?: boolean;
  children?: CascaderOption[];
}

export interface CascaderOptions {
  /** Unassigned nodes appear only when a caller asks (spec §5). */
  includeUnassigned?: boolean;
  /** Workspace nodes appear when active; inactive ones only when allowed. */
  includeInactive?: boolean;
  /** Whether workspaces are offered at all; pickers of a parent container leave them out. */
  includeWorkspaces?: boolean;
  /** A container with no (visible) children is disabled unless the caller allows it. */
  allowEmptyContainers?: boolean;
}

/**
 * The selection tree of spec §5: root and container nodes, workspaces when active (or allowed
 * inactive), unassigned only on request, and childless containers disabled unless allowed.
 */
export function toCascader(nodes: readonly HierarchyNode[], options: CascaderOptions = {}): CascaderOption[] {
  const { includeUnassigned = false, includeInactive = false, includeWorkspaces = true } = options;
  const result: CascaderOption[] = [];
  for (const node of nodes) {
    if (node.type === 'unassigned' && !includeUnassigned) continue;
    if (node.type === 'workspace') {
      if (!includeWorkspaces || (node.status !== 'active' && !includeInactive)) continue;
      result.push({ value: node.id, label: node.name, type: node.type });
      continue;
    }
    const children = toCascader(node.children, options);
    const option: CascaderOption = { value: node.id, label: node.name, type: node.type };
    if (children.length > 0) option.children = children;
    else if (node.type === 'container' && !options.allowEmptyContainers) option.disabled = true;
    result.push(option);
  }
  return result;
}
