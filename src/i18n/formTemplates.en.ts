/** The form template screens' texts (issue 48), spread into `en.ts` as `form_templates`. */
export const formTemplateMessages = {
  title: 'Form templates',
};
