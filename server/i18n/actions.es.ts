/** The actions' sentences (issue 49), spread into `es.ts`: see en.ts for the rules. */
export const actionSentences = {
  'thing.action': 'Acción',
  'thing.assignment': 'Asignación',
  'error.action_not_yours':
    'Solo la persona o la tienda a la que está asignada, o alguien que pueda actualizar acciones aquí, puede hacerlo.',
  'error.action_update_only': 'Solo alguien que pueda actualizar acciones aquí puede hacerlo.',
  'error.action_files_missing': 'Sube primero las fotos: algunas no están guardadas.',
  'error.action_due_past': 'Elige una fecha límite a partir de hoy.',
  'error.action_assignee':
    'Elige a alguien de esta tienda o por encima de ella que pueda ver acciones, o déjala al equipo de la tienda.',
  'error.action_question': 'Indica la pregunta fallida a la que se refiere la acción.',
  'error.action_from_failed':
    'Las acciones se crean a partir de los puntos fallidos de una inspección terminada.',
  'error.action_from_task':
    'Las acciones se crean a partir de una tarea que su tienda no pudo hacer o que fue devuelta.',
  'error.action_store': 'Elige la tienda a la que se refiere la acción.',
  'error.action_title': 'Ponle un título a la acción.',
  'error.action_exists': 'Ya se ha creado una acción para este punto.',
  'error.action_closed': 'Esta acción está cerrada: reábrela primero.',
  'error.action_waits':
    'Esta acción espera a que alguien que pueda actualizar acciones la cierre o la reabra.',
  'error.action_no_such_status': 'Esta acción no puede pasar a ese estado.',
  'error.action_done_evidence': 'Di o muestra lo que se hizo: un comentario o una foto.',
  'error.action_cannot_fix_reason': 'Di por qué no se puede arreglar.',
  'error.action_comment': 'Escribe un comentario o añade una foto.',
  'error.action_closed_already': 'Esta acción ya está cerrada.',
  'error.action_close_resolved':
    'Solo se puede cerrar una acción marcada como hecha o imposible de arreglar.',
  'error.action_reopen_resolved':
    'Solo se puede reabrir una acción marcada como hecha o imposible de arreglar.',
  'error.action_reopen_reason': 'Di qué falta por hacer.',
  'export.actions': 'Acciones',
  'export.title': 'Título',
  'export.priority': 'Prioridad',
  'export.assignee': 'Asignada a',
  'export.raised_by': 'Creada por',
  'export.raised_utc': 'Creada (UTC)',
  'export.closed_utc': 'Cerrada (UTC)',
  'export.source': 'Origen',
  'export.recurring_failures': 'Fallos recurrentes',
  'export.section': 'Sección',
  'export.question': 'Pregunta',
  'export.failures': 'Fallos',
  'export.stores': 'Tiendas',
  'export.worst_stores': 'Tiendas que más fallan',
  'notice.action_assigned.title': 'Acción para {store}: {title}',
  'notice.action_assigned.body': 'Te toca arreglar {title} en {store}.',
  'notice.action_resolved.title': 'Acción respondida en {store}: {title}',
  'notice.action_resolved.body':
    '{title} en {store} se marcó como hecha o imposible de arreglar: ciérrala o reábrela.',
  'notice.action_escalated.title': 'Acción vencida en {store}: {title}',
  'notice.action_escalated.body': '{title} en {store} lleva {hours} horas vencida y sigue sin arreglarse.',
} as const;
