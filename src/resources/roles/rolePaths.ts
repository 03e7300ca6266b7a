import { recordPaths } from '../../routing/recordPaths';

/** Spec §2 routes of the role screens. */
export const ROLE_PATHS = recordPaths('/admin/role');
