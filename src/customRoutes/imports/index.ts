import { lazy } from 'react';
import type { ImportKind } from '../../../contract/api/imports';
import { needs } from '../../providers/accessControl';
import { USER_PATHS } from '../../resources/users/userPaths';
import { WORKSPACE_PATHS } from '../../resources/workspaces/workspacePaths';
import type { AppRoute, Page } from '../../routing/types';

const PAGES: Record<ImportKind, Page> = {
  user: lazy(() => import('./UserImportPage')),
  workspace: lazy(() => import('./WorkspaceImportPage')),
};

const IMPORT_PATHS: Record<ImportKind, string> = {
  user: USER_PATHS.import,
  workspace: WORKSPACE_PATHS.import,
};

/**
 * Spec §2 /admin/user/import (user.create) and /admin/workspace/import (workspace.create): the
 * bulk import screen of the kind, declared by the users and workspaces resources among their routes.
 */
export const importRoute = (kind: ImportKind): AppRoute => ({
  path: IMPORT_PATHS[kind],
  access: needs(kind, 'create'),
  title: `pages.${kind}_import`,
  page: PAGES[kind],
});
