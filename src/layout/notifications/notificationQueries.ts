import type { Notification } from '../../../contract/api/notifications';

/** The bell's queries: the unread count and the list; marking read invalidates both (prefix match). */
export const NOTIFICATIONS_KEY = 'notifications';

/** How often the bell asks for the count while the app is open (and again when the tab is shown). */
export const COUNT_EVERY_MS = 30_000;

/** The i18n key of a notice's sentence: `task.sent_back` → `notifications.events.task_sent_back`. */
export const eventKey = (event: Notification['event']) => `notifications.events.${event.replace('.', '_')}`;

/**
 * Where a notice takes its reader: the store's task, open in My Tasks; a review digest to the
 * audit queue, the store's day to My Tasks (the server's push links agree: notification/words.ts).
 */
export function noticePath(
  notice: Pick<Notification, 'assignment_id' | 'event' | 'inspection_id' | 'action_id'>,
): string | undefined {
  if (notice.assignment_id !== null) return `/task?assignment=${notice.assignment_id}`;
  if (notice.inspection_id != null) return `/audit/inspection/${notice.inspection_id}`;
  if (notice.action_id != null) return `/task/action/detail/${notice.action_id}`;
  if (notice.event === 'review.waiting') return '/audit';
  if (notice.event === 'digest.daily') return '/task';
  return undefined;
}
