/** The form template screens' texts (issue 48), spread into `fr.ts` as `form_templates`. */
export const formTemplateMessages = {
  title: 'Modèles de formulaire',
};
