import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazy } from 'react';
import type { FormTemplateRow } from '../../../contract/api/forms';
import { recordRoutes } from '../../routing/recordRoutes';
import type { AppResource } from '../../routing/types';
import { FORM_TEMPLATE_PATHS } from './formTemplatePaths';

/** Form templates (issue 48) under Audit: /audit/form-template… (formtemplate module). */
export const formTemplates: AppResource<FormTemplateRow> = {
  name: 'form_templates',
  icon: FactCheckIcon,
  recordRepresentation: (record) => record.name,
  module: 'formtemplate',
  endpoints: { base: '/api/form-template' },
  routes: recordRoutes('formtemplate', FORM_TEMPLATE_PATHS.list, {
    list: { title: 'form_templates.pages.list', page: lazy(() => import('./FormTemplateList')) },
    detail: { title: 'form_templates.pages.detail', page: lazy(() => import('./FormTemplateShow')) },
    // With an id the builder starts from a copy of that template.
    duplicable: { title: 'form_templates.pages.create', page: lazy(() => import('./FormTemplateCreate')) },
    edit: { title: 'form_templates.pages.edit', page: lazy(() => import('./FormTemplateEdit')) },
  }),
};
