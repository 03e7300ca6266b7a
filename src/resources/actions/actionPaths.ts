import { recordPaths } from '../../routing/recordPaths';

/** The action screens' routes, under Tasks (issue 49). */
export const ACTION_PATHS = recordPaths('/task/action');
