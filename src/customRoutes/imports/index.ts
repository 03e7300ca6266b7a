import { lazy } from 'react';
import type { ImportKind } from '../../../contract/api/imports';
import { needs } from '../../providers/accessControl';
import { USER_PATHS } from '../../resources/users/userPaths';
import { WORKSPACE_PATHS } from '../../resources/workspaces/workspacePaths';
import type { AppPages, AppRoute, Page } from '../../routing/types';

const PAGES: Record<ImportKind, Page> = {
  user: lazy(() => import('./UserImportPage')),
  workspace: lazy(() => import('./WorkspaceImportPage')),
};

const IMPORT_PATHS: Record<ImportKind, string> = {
  user: USER_PATHS.import,
  workspace: WORKSPACE_PATHS.import,
};

/** The bulk import screen of the kind, at the path of its resource's folder. */
const importRoute = (kind: ImportKind): AppRoute => ({
  path: IMPORT_PATHS[kind],
  access: needs(kind, 'create'),
  title: `pages.${kind}_import`,
  page: PAGES[kind],
});

/**
 * Spec §2 /admin/user/import (user.create) and /admin/workspace/import (workspace.create); the
 * users and workspaces lists link to them (components/ImportButton.tsx).
 */
export const imports: AppPages = { routes: [importRoute('user'), importRoute('workspace')] };
