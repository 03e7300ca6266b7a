import type { FormTemplate, FormTemplateVersions } from '../../../contract/api/forms';
import { apiFetch } from '../httpClient';

/** Form templates' calls beyond CRUD (issue 48): archive, restore, and a template's versions. */
export const formTemplateMethods = {
  archiveFormTemplate: (id: number) =>
    apiFetch<FormTemplate>('/api/form-template/archive', {
      method: 'PUT',
      body: { id },
      fallback: 'errors.generic',
    }),

  restoreFormTemplate: (id: number) =>
    apiFetch<FormTemplate>('/api/form-template/restore', {
      method: 'PUT',
      body: { id },
      fallback: 'errors.generic',
    }),

  getFormTemplateVersions: async (id: number) =>
    (await apiFetch<FormTemplateVersions>('/api/form-template/versions', { query: { id } })).data,
};
