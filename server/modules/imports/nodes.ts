import type { NodeWithObject } from '../hierarchy/service';

/** Names compare without case and with runs of spaces as one. */
export const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** "New South Wales / Sydney Metro / Sydney CBD" (› as written in the app works too) → its names. */
const splitPath = (text: string) =>
  text
    .split(/[/›]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

export type Found =
  | { node: NodeWithObject }
  | { problem: 'missing' }
  | { problem: 'ambiguous'; count: number };

/** Where a missing container path would be made: under `at`, the containers `names` in turn. */
export interface MissingPath {
  at: NodeWithObject;
  names: string[];
}

/**
 * The tenant's tree, indexed once per check so that 50,000 rows resolve their places in memory:
 * by path of names from below the root, by a name unique in the tenant, and (workspaces) by
 * identifier.
 */
export class NodeIndex {
  readonly root: NodeWithObject;
  private readonly byId = new Map<number, NodeWithObject>();
  private readonly names = new Map<number, string[]>();
  private readonly byPath = new Map<string, NodeWithObject[]>();
  private readonly byName = new Map<string, NodeWithObject[]>();
  private readonly byIdentifier = new Map<string, NodeWithObject>();
  private readonly children = new Map<number, NodeWithObject[]>();

  constructor(nodes: readonly NodeWithObject[]) {
    // Ordered by level: a parent is always indexed before its children.
    for (const node of nodes) {
      this.byId.set(node.id, node);
      if (node.parent_id !== null) {
        const siblings = this.children.get(node.parent_id) ?? [];
        siblings.push(node);
        this.children.set(node.parent_id, siblings);
      }
      const parentNames = node.parent_id === null ? undefined : this.names.get(node.parent_id);
      const names = node.type === 'root' ? [] : [...(parentNames ?? []), node.name];
      this.names.set(node.id, names);
      if (node.type !== 'root') {
        push(this.byPath, names.map(nameKey).join('/'), node);
        push(this.byName, nameKey(node.name), node);
      }
      if (node.object) this.byIdentifier.set(nameKey(node.object.identifier), node);
    }
    const root = nodes.find((n) => n.type === 'root');
    if (!root) throw new Error('the tenant has no root node');
    this.root = root;
  }

  get(id: number) {
    return this.byId.get(id);
  }

  /** The node's names from below the root: "New South Wales / Sydney Metro / Sydney CBD". */
  pathOf(node: NodeWithObject): string {
    return node.type === 'root' ? node.name : (this.names.get(node.id) ?? [node.name]).join(' / ');
  }

  workspaceByIdentifier(identifier: string): NodeWithObject | undefined {
    return this.byIdentifier.get(nameKey(identifier));
  }

  /** Names from below the root, without the root's own name when the text starts with it. */
  private segments(text: string): string[] {
    const parts = splitPath(text);
    if (parts.length > 1 && nameKey(parts[0]!) === nameKey(this.root.name)) parts.shift();
    return parts;
  }

  /**
   * A node by its path, or by its name alone when that name is unique among the `loose` types
   * (a store's parent may be named by its container's name).
   */
  find(text: string, loose: readonly NodeWithObject['type'][]): Found {
    const parts = this.segments(text);
    if (parts.length === 0) return { problem: 'missing' };
    if (parts.length === 1 && nameKey(parts[0]!) === nameKey(this.root.name)) return { node: this.root };
    const exact = this.byPath.get(parts.map(nameKey).join('/')) ?? [];
    if (exact.length === 1) return { node: exact[0]! };
    if (exact.length > 1) return { problem: 'ambiguous', count: exact.length };
    if (parts.length === 1) {
      const named = (this.byName.get(nameKey(parts[0]!)) ?? []).filter((n) => loose.includes(n.type));
      if (named.length === 1) return { node: named[0]! };
      if (named.length > 1) return { problem: 'ambiguous', count: named.length };
    }
    return { problem: 'missing' };
  }

  /**
   * For a container path that is not there: the deepest container (or the root) on it that exists
   * and the names still to make under it; undefined when a name on the way is not a container.
   */
  missing(text: string): MissingPath | undefined {
    const parts = this.segments(text);
    let at = this.root;
    for (const [i, part] of parts.entries()) {
      const next = (this.children.get(at.id) ?? []).filter((c) => nameKey(c.name) === nameKey(part));
      if (next.length === 0) return { at, names: parts.slice(i) };
      if (next.length > 1 || next[0]!.type !== 'container') return undefined;
      at = next[0]!;
    }
    return undefined;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
