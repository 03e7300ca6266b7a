import { recordPaths } from '../../routing/recordPaths';

/** Spec §2 routes of the department screens. */
export const DEPARTMENT_PATHS = recordPaths('/admin/department');
