import type { NotificationEvent } from '../../../contract/api/notifications';
import type { Language } from '../../../contract/languages';
import type { NotificationData } from '../../db/schema';
import { type ServerMessageKey, serverMessage } from '../../i18n';

/**
 * A notice in words outside the app — an e-mail's subject and text, a push's title and body — the
 * same sentences the bell's list shows (src/i18n), in the language of the person it goes to
 * (issue 31): the caller's language has nothing to do with it, as a job sends it.
 */
export function noticeWords(
  event: NotificationEvent,
  data: NotificationData,
  language: Language,
): { title: string; body: string } {
  const words = (
    title: ServerMessageKey,
    body: ServerMessageKey,
    values: Record<string, string | number>,
  ) => ({
    title: serverMessage(language, title, values),
    body: serverMessage(language, body, values),
  });
  const named = { title: data.task_title, store: data.store_name };
  switch (event) {
    case 'task.urgent':
      return words('notice.urgent.title', 'notice.urgent.body', named);
    case 'task.new':
      return words('notice.new.title', 'notice.new.body', named);
    case 'task.sent_back':
      return words('notice.sent_back.title', 'notice.sent_back.body', {
        ...named,
        reason: data.reason ?? '',
      });
    case 'review.waiting':
      return words('notice.review_waiting.title', 'notice.review_waiting.body', { n: data.waiting ?? 0 });
    case 'task.escalated':
      return words('notice.escalated.title', 'notice.escalated.body', {
        ...named,
        hours: data.hours_late ?? 0,
      });
    case 'digest.daily':
      return words('notice.digest.title', 'notice.digest.body', {
        store: data.store_name,
        due: data.due_today ?? 0,
        missed: data.missed ?? 0,
      });
    case 'inspection.completed':
      return words('notice.inspection_completed.title', 'notice.inspection_completed.body', {
        ...named,
        score: data.percentage == null ? '–' : `${data.percentage}%`,
      });
    case 'action.assigned':
      return words('notice.action_assigned.title', 'notice.action_assigned.body', named);
    case 'action.resolved':
      return words('notice.action_resolved.title', 'notice.action_resolved.body', named);
    case 'action.escalated':
      return words('notice.action_escalated.title', 'notice.action_escalated.body', {
        ...named,
        hours: data.hours_late ?? 0,
      });
  }
}

/** Where a notice takes its reader, as a path of the app: the store's task, else the event's list. */
export function noticePath(
  event: NotificationEvent,
  assignmentId: number | string | null,
  data: NotificationData,
): string {
  if (assignmentId !== null) return `/task?assignment=${assignmentId}`;
  if (data.inspection_id != null) return `/audit/inspection/${data.inspection_id}`;
  if (data.action_id != null) return `/task/action/detail/${data.action_id}`;
  return event === 'review.waiting' ? '/audit' : '/task';
}
