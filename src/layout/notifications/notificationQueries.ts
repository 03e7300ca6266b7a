import type { Notification } from '../../../contract/api/notifications';

/** The bell's queries: the unread count and the list; marking read invalidates both (prefix match). */
export const NOTIFICATIONS_KEY = 'notifications';

/** How often the bell asks for the count while the app is open (and again when the tab is shown). */
export const COUNT_EVERY_MS = 30_000;

/** The i18n key of a notice's sentence: `task.sent_back` → `notifications.events.task_sent_back`. */
export const eventKey = (event: Notification['event']) => `notifications.events.${event.replace('.', '_')}`;

/** Where a notice takes its reader: the store's task, open in My Tasks. */
export function noticePath(notice: Pick<Notification, 'assignment_id'>): string | undefined {
  return notice.assignment_id === null ? undefined : `/task?assignment=${notice.assignment_id}`;
}
