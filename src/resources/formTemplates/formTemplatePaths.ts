import { recordPaths } from '../../routing/recordPaths';

/** The form template screens' routes, under Audit. */
export const FORM_TEMPLATE_PATHS = recordPaths('/audit/form-template');
