import { recordPaths } from '../../routing/recordPaths';

/** Spec §2 routes of the task management screens. */
export const TASK_PATHS = recordPaths('/task/management');
