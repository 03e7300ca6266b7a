/** The form templates' sentences (issue 48), spread into `es.ts`: see en.ts for the rules. */
export const formTemplateSentences = {
  'thing.form_template': 'Plantilla de formulario',
  'thing.form_template_version': 'Versión de plantilla de formulario',
  'error.form_template_exists': 'Ya existe una plantilla de formulario activa con este nombre',
  'error.form_template_name': 'Pon un nombre a la plantilla de formulario',
  'error.form_template_restore_name':
    'Otra plantilla de formulario activa se llama «{name}»: cambia el nombre de una de las dos antes de restaurar esta',
  'error.form_template_used':
    'Hay inspecciones o tareas que han usado esta plantilla de formulario, así que no se puede eliminar: archívala',
  'error.form_section_ids': 'Dos secciones tienen el identificador «{id}»',
  'error.form_question_ids': 'Dos preguntas tienen el identificador «{id}»',
  'error.form_two_options': '«{prompt}» necesita al menos dos opciones',
  'error.form_option_ids': '«{prompt}» tiene dos opciones con el mismo identificador',
  'error.form_range': '«{prompt}»: el número aceptable más bajo es mayor que el más alto',
  'error.form_points':
    '«{prompt}» no puede dar puntos: solo se puntúan las preguntas de sí/no, de opciones y numéricas',
  'error.form_show_if_above': '«{prompt}» solo puede depender de una pregunta anterior',
  'error.form_show_if_kind': '«{prompt}» solo puede depender de una pregunta de sí/no o de opciones',
  'error.form_no_question': 'Añade al menos una pregunta',
  'error.form_too_many': 'Un formulario tiene como máximo {n} preguntas',
  // A task that carries a form (taskmanagement/validate.ts).
  'error.task_form_template': 'Elija una de sus plantillas de formulario activas',
  'error.task_form_no_checklist':
    'Una tarea con formulario no lleva lista de pasos: ponga los pasos en el formulario',
} as const;
