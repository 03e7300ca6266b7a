import type { HierarchyNode } from '../../../contract/api/session';
import { levelTermKey, MAX_HIERARCHY_LEVEL_TERMS } from '../../../contract/api/settings';

/** The deepest container level in a tree (root is level 0). */
function deepestContainer(nodes: readonly HierarchyNode[]): number {
  let deepest = 0;
  for (const node of nodes) {
    if (node.type === 'container') deepest = Math.max(deepest, node.level);
    deepest = Math.max(deepest, deepestContainer(node.children));
  }
  return deepest;
}

/**
 * The terms the form offers: the workspace (singular, plural), the top of the tree and one name per
 * container level — as many levels as the tenant's tree has (at least two), and any already named.
 */
export function termKeys(hierarchy: readonly HierarchyNode[], terms: Record<string, string>): string[] {
  const named = Object.keys(terms)
    .map((key) => /^level_(\d+)$/.exec(key)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  const levels = Math.min(MAX_HIERARCHY_LEVEL_TERMS, Math.max(2, deepestContainer(hierarchy), ...named));
  return [
    'workspace',
    'workspaces',
    'root',
    ...Array.from({ length: levels }, (_, i) => levelTermKey(i + 1)),
  ];
}
