import type { HierarchyNode } from '../../../contract/api/session';
import { levelTermKey, MAX_HIERARCHY_LEVEL_TERMS, TERMS_PER_LANGUAGE } from '../../../contract/api/settings';
import { LANGUAGES } from '../../../contract/languages';

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

/**
 * The per-language words the form offers (issue 31), a term's languages side by side:
 * `workspace@en`, `workspace@es`, `workspace@fr`, `workspaces@en`, …
 */
export const LANGUAGE_TERM_KEYS = TERMS_PER_LANGUAGE.flatMap((key) =>
  LANGUAGES.map((language) => `${key}@${language}`),
);
