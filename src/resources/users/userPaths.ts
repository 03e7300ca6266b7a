import { recordPaths } from '../../routing/recordPaths';

/** Spec §2 routes of the user screens. */
export const USER_PATHS = { ...recordPaths('/admin/user'), import: '/admin/user/import' };
