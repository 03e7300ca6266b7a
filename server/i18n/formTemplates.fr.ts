/** The form templates' sentences (issue 48), spread into `fr.ts`: see en.ts for the rules. */
export const formTemplateSentences = {
  'thing.form_template': 'Modèle de formulaire',
  'thing.form_template_version': 'Version de modèle de formulaire',
  'error.form_template_exists': 'Un modèle de formulaire actif portant ce nom existe déjà',
  'error.form_template_name': 'Donnez un nom au modèle de formulaire',
  'error.form_template_restore_name':
    'Un autre modèle de formulaire actif s’appelle « {name} » : renommez l’un des deux avant de restaurer celui-ci',
  'error.form_template_used':
    'Des inspections ou des tâches ont utilisé ce modèle de formulaire, il ne peut donc pas être supprimé : archivez-le plutôt',
  'error.form_section_ids': 'Deux sections ont l’identifiant « {id} »',
  'error.form_question_ids': 'Deux questions ont l’identifiant « {id} »',
  'error.form_two_options': '« {prompt} » demande au moins deux options',
  'error.form_option_ids': '« {prompt} » a deux options avec le même identifiant',
  'error.form_range': '« {prompt} » : le plus petit nombre acceptable dépasse le plus grand',
  'error.form_points':
    '« {prompt} » ne peut pas rapporter de points : seules les questions oui/non, à choix et numériques sont notées',
  'error.form_show_if_above': '« {prompt} » ne peut dépendre que d’une question placée avant elle',
  'error.form_show_if_kind': '« {prompt} » ne peut dépendre que d’une question oui/non ou à choix',
  'error.form_no_question': 'Ajoutez au moins une question',
  'error.form_too_many': 'Un formulaire contient au plus {n} questions',
  // A task that carries a form (taskmanagement/validate.ts).
  'error.task_form_template': 'Choisissez l’un de vos modèles de formulaire actifs',
  'error.task_form_no_checklist':
    'Une tâche avec un formulaire n’a pas de liste d’étapes : mettez les étapes dans le formulaire',
} as const;
