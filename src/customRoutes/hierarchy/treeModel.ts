import type { TreeNode } from '../../../contract/api/hierarchy';

/** Parent links and lookups over a fetched tree, built once per fetch (5,000 nodes: a few ms). */
export interface TreeIndex {
  byId: Map<number, TreeNode>;
  parentOf: Map<number, number | null>;
}

export function indexTree(roots: readonly TreeNode[]): TreeIndex {
  const byId = new Map<number, TreeNode>();
  const parentOf = new Map<number, number | null>();
  const stack: [TreeNode, number | null][] = roots.map((r) => [r, null]);
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    byId.set(node.id, node);
    parentOf.set(node.id, parent);
    for (const child of node.children) stack.push([child, node.id]);
  }
  return { byId, parentOf };
}

/** Ids from the top of the tree down to (not including) the node. */
export function ancestorIds(index: TreeIndex, id: number): number[] {
  const result: number[] = [];
  let current = index.parentOf.get(id) ?? null;
  while (current !== null) {
    result.unshift(current);
    current = index.parentOf.get(current) ?? null;
  }
  return result;
}

function isDescendantOrSelf(index: TreeIndex, id: number, ofId: number): boolean {
  let current: number | null = id;
  while (current !== null) {
    if (current === ofId) return true;
    current = index.parentOf.get(current) ?? null;
  }
  return false;
}

/** One line of the rendered tree. */
export interface TreeRow {
  node: TreeNode;
  depth: number;
  expanded: boolean;
  /** Matches the search (false when not searching). */
  match: boolean;
}

function matches(node: TreeNode, needle: string): boolean {
  return (
    node.name.toLowerCase().includes(needle) ||
    (node.object?.identifier.toLowerCase().includes(needle) ?? false)
  );
}

export interface SearchResult {
  /** Nodes that match and every ancestor of one (the ones a search opens). */
  revealed: Set<number>;
  matched: Set<number>;
}

export function searchTree(index: TreeIndex, text: string): SearchResult | undefined {
  const needle = text.trim().toLowerCase();
  if (!needle) return undefined;
  const matched = new Set<number>();
  const revealed = new Set<number>();
  for (const node of index.byId.values()) {
    if (!matches(node, needle)) continue;
    matched.add(node.id);
    revealed.add(node.id);
    for (const id of ancestorIds(index, node.id)) revealed.add(id);
  }
  return { revealed, matched };
}

/**
 * The lines to render: depth-first through expanded nodes. While searching, only matches and their
 * ancestors show, opened on the way to each match; a match's own children stay folded unless the
 * person opens it, and then show as they are.
 */
export function visibleRows(
  roots: readonly TreeNode[],
  expanded: ReadonlySet<number>,
  search?: SearchResult,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (nodes: readonly TreeNode[], depth: number, filtered: boolean) => {
    for (const node of nodes) {
      if (filtered && !search?.revealed.has(node.id)) continue;
      const towardMatch = filtered && node.children.some((c) => search?.revealed.has(c.id));
      const open = (expanded.has(node.id) || towardMatch) && node.children.length > 0;
      rows.push({ node, depth, expanded: open, match: search?.matched.has(node.id) ?? false });
      if (open) walk(node.children, depth + 1, towardMatch);
    }
  };
  walk(roots, 0, search !== undefined);
  return rows;
}

/** Spec §5/§7 rules a drop must follow before it is offered: containers or root only, no cycles. */
export function canDrop(index: TreeIndex, draggedId: number, targetId: number): boolean {
  const dragged = index.byId.get(draggedId);
  const target = index.byId.get(targetId);
  if (!dragged || !target) return false;
  if (dragged.type === 'root' || dragged.type === 'unassigned') return false;
  if (target.type !== 'root' && target.type !== 'container') return false;
  if (index.parentOf.get(draggedId) === targetId) return false;
  return !isDescendantOrSelf(index, targetId, draggedId);
}

/** Every id in the subtrees of these nodes (chosen nodes included), each once. */
function subtreeIds(index: TreeIndex, ids: readonly number[]): Set<number> {
  const result = new Set<number>();
  const stack = ids.map((id) => index.byId.get(id)).filter((n): n is TreeNode => n !== undefined);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (result.has(node.id)) continue;
    result.add(node.id);
    stack.push(...node.children);
  }
  return result;
}

/** What deleting these nodes takes with it: node count and people who would move to unassigned. */
export function deletionImpact(index: TreeIndex, ids: readonly number[]) {
  const all = subtreeIds(index, ids);
  let people = 0;
  for (const id of all) people += index.byId.get(id)?.user_count ?? 0;
  return { nodes: all.size, below: all.size - new Set(ids).size, people };
}

/**
 * The tree with one node moved under another, levels fixed below it: shown at once on a confirmed
 * drop, and thrown away (the tree snaps back) if the server refuses.
 */
export function moveLocally(roots: readonly TreeNode[], id: number, parentId: number): TreeNode[] {
  let moved: TreeNode | undefined;
  const without = (nodes: readonly TreeNode[]): TreeNode[] =>
    nodes
      .filter((n) => {
        if (n.id === id) moved = n;
        return n.id !== id;
      })
      .map((n) => ({ ...n, children: without(n.children) }));
  const pruned = without(roots);
  if (!moved) return [...roots];
  const relevel = (node: TreeNode, level: number, parent: number): TreeNode => ({
    ...node,
    level,
    parent_id: parent,
    children: node.children.map((c) => relevel(c, level + 1, node.id)),
  });
  const attach = (nodes: TreeNode[]): TreeNode[] =>
    nodes.map((n) => {
      if (n.id === parentId) {
        const child = relevel(moved!, n.level + 1, n.id);
        const children = [...n.children, child].sort(byTreeOrder);
        return { ...n, children };
      }
      return { ...n, children: attach(n.children) };
    });
  return attach(pruned);
}

/** The server's order: unassigned last, then by name. */
function byTreeOrder(a: TreeNode, b: TreeNode): number {
  if (a.type === 'unassigned' || b.type === 'unassigned') return a.type === 'unassigned' ? 1 : -1;
  return a.name.localeCompare(b.name);
}

/** The names of some nodes, as one line ("Sydney CBD, Parramatta"). */
export function namesOf(index: TreeIndex, ids: readonly number[]): string {
  return ids
    .map((id) => index.byId.get(id)?.name)
    .filter(Boolean)
    .join(', ');
}
