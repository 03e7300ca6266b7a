import { recordPaths } from '../../routing/recordPaths';

/** Spec §2 routes of tenant management. */
export const TENANT_PATHS = recordPaths('/tenant-management');
