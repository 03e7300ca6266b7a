import { eq, like, or } from 'drizzle-orm';
import { hierarchyNodes } from '../db/schema';

/**
 * A hierarchy node's materialised path lists the ids from the root down to the node itself
 * ("/1/4/9/"), so a subtree is a prefix match and the ancestors are the path's ids. Modules that
 * join nodes (workspaces, users) share these two helpers with the hierarchy.
 */

/** Ids from a materialised path, root first ("/1/4/9/" → [1, 4, 9]). */
export function idsOfPath(path: string): number[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((part) => Number(part));
}

/** The subtree under a path, including the node that has it. */
export const inSubtree = (path: string) =>
  or(eq(hierarchyNodes.path, path), like(hierarchyNodes.path, `${path}%`));
