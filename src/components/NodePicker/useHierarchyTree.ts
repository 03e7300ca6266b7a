import { useQuery } from '@tanstack/react-query';
import { useCanAccess } from 'react-admin';
import type { TreeNode } from '../../../contract/api/hierarchy';
import type { HierarchyNode } from '../../../contract/api/session';
import { useSessionUser } from '../../hooks/useSession';
import { apiFetch } from '../../providers/httpClient';

/** react-query key of the caller's tree; screens that change the hierarchy invalidate it. */
export const HIERARCHY_TREE_KEY = ['hierarchy', 'tree'] as const;

export function fetchHierarchyTree(): Promise<TreeNode[]> {
  return apiFetch<TreeNode[]>('/api/hierarchy/tree/fetch');
}

/**
 * The caller's part of the organisation: fresh from the hierarchy API when their role may read
 * it, else the tree that came with the session (verify), so pickers work for every role.
 */
export function useHierarchyTree(): { nodes: readonly HierarchyNode[]; isPending: boolean; error: unknown } {
  const user = useSessionUser();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'hierarchy', action: 'read' });
  const query = useQuery({
    queryKey: HIERARCHY_TREE_KEY,
    queryFn: fetchHierarchyTree,
    enabled: canAccess === true,
    staleTime: 30_000,
  });
  if (checking) return { nodes: [], isPending: true, error: null };
  if (!canAccess) return { nodes: user?.rawHierarchy ?? [], isPending: false, error: null };
  return { nodes: query.data ?? [], isPending: query.isPending, error: query.error };
}
