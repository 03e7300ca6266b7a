import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider } from 'react-admin';
import type { HierarchyNode } from '../../../contract/api/session';
import { useSessionUser } from '../../hooks/useSession';
import type { AppDataProvider } from '../../providers/dataProvider';

/** The caller's tree under ['hierarchy', …]: screens that change the hierarchy invalidate ['hierarchy']. */
export const hierarchyTreeQuery = (dataProvider: AppDataProvider) =>
  queryOptions({ queryKey: ['hierarchy', 'tree'], queryFn: () => dataProvider.getHierarchyTree() });

/**
 * The caller's part of the organisation: fresh from the hierarchy API when their role may read
 * it, else the tree that came with the session (verify), so pickers work for every role.
 */
export function useHierarchyTree(): {
  nodes: readonly HierarchyNode[];
  isPending: boolean;
  error: unknown;
  retry: () => void;
} {
  const user = useSessionUser();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'hierarchy', action: 'read' });
  const query = useQuery({
    ...hierarchyTreeQuery(dataProvider),
    enabled: canAccess === true,
    staleTime: 30_000,
  });
  const retry = () => void query.refetch();
  if (checking) return { nodes: [], isPending: true, error: null, retry };
  if (!canAccess) return { nodes: user?.rawHierarchy ?? [], isPending: false, error: null, retry };
  return { nodes: query.data ?? [], isPending: query.isPending, error: query.error, retry };
}
