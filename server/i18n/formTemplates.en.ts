/** The form templates' sentences (issue 48), spread into `en.ts`: see en.ts for the rules. */
export const formTemplateSentences = {
  'thing.form_template': 'Form template',
  'thing.form_template_version': 'Form template version',
  'error.form_template_exists': 'An active form template with this name already exists',
  'error.form_template_name': 'Give the form template a name',
  'error.form_template_restore_name':
    'Another active form template is called "{name}": rename one of them before restoring this one',
  'error.form_template_used':
    'Inspections or tasks have used this form template, so it cannot be deleted: archive it instead',
  // contract/forms.ts definitionProblems: what makes a form unusable, as its author reads it.
  'error.form_section_ids': 'Two sections have the id "{id}"',
  'error.form_question_ids': 'Two questions have the id "{id}"',
  'error.form_two_options': '"{prompt}" needs at least two options',
  'error.form_option_ids': '"{prompt}" has two options with the same id',
  'error.form_range': '"{prompt}": the lowest acceptable number is above the highest',
  'error.form_points': '"{prompt}" cannot carry points: only yes/no, choice and number questions are scored',
  'error.form_show_if_above': '"{prompt}" can only depend on a question above it',
  'error.form_show_if_kind': '"{prompt}" can only depend on a yes/no or choice question',
  'error.form_no_question': 'Add at least one question',
  'error.form_too_many': 'A form holds at most {n} questions',
  // A task that carries a form (taskmanagement/validate.ts).
  'error.task_form_template': 'Choose one of your active form templates',
  'error.task_form_no_checklist': 'A task with a form has no checklist: put the steps in the form',
} as const;
