import { useCanAccess } from 'react-admin';

/** What the person may do to the tree: add nodes, rename and move them (and people), delete them. */
export interface HierarchyRights {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export function useHierarchyRights(): HierarchyRights {
  return {
    create: useCanAccess({ resource: 'hierarchy', action: 'create' }).canAccess === true,
    update: useCanAccess({ resource: 'hierarchy', action: 'update' }).canAccess === true,
    delete: useCanAccess({ resource: 'hierarchy', action: 'delete' }).canAccess === true,
  };
}
