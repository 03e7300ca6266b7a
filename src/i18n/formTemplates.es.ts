/** The form template screens' texts (issue 48), spread into `es.ts` as `form_templates`. */
export const formTemplateMessages = {
  title: 'Plantillas de formulario',
};
