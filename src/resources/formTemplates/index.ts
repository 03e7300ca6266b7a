import type { AppFolder } from '../../routing/types';

/** Form templates (issue 48) under Audit: /audit/form-template… (formtemplate module). */
export const formTemplates: AppFolder = { routes: [] };
