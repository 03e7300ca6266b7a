import { recordPaths } from '../../routing/recordPaths';

/** Spec §2 routes of the workspace screens. */
export const WORKSPACE_PATHS = { ...recordPaths('/admin/workspace'), import: '/admin/workspace/import' };
