import type {
  EscalationDelays,
  NotificationCount,
  NotificationPage,
  NotificationPreference,
  NotificationPreferences,
  NotificationReadBody,
  NotificationReadResult,
  PushKey,
  PushSubscribeBody,
  PushSubscribeResult,
} from '../../../contract/api/notifications';
import { apiFetch } from '../httpClient';

/**
 * A set of notification switches kept at `path` (the person's own choices or the tenant's
 * defaults): read whole, and changed a few switches at a time.
 */
const savedChoices = (path: string, fallback: string) => ({
  get: () => apiFetch<NotificationPreferences>(path),
  update: (data: NotificationPreference[]) =>
    apiFetch<NotificationPreferences>(path, { method: 'PUT', body: { data }, fallback }),
});

const preferences = savedChoices('/api/notification/preferences', 'errors.notification_preferences');
const defaults = savedChoices('/api/notification/defaults', 'errors.notification_defaults');

/** This browser's push subscription kept or dropped; a failure says the device could not be signed up. */
const pushPost = (action: 'subscribe' | 'unsubscribe', body: PushSubscribeBody | { endpoint: string }) =>
  apiFetch<PushSubscribeResult>(`/api/notification/push/${action}`, {
    method: 'POST',
    body,
    fallback: 'notifications.device.failed',
  });

/** Issue 29: the signed-in person's notifications (the bell) and their choices of what to be told. */
export const notificationMethods = {
  getNotifications: (query: { page?: number; per_page?: number; unread?: boolean } = {}) =>
    apiFetch<NotificationPage>('/api/notification/list', {
      query: {
        page: query.page ?? 1,
        per_page: query.per_page ?? 20,
        ...(query.unread ? { unread: 'true' } : {}),
      },
    }),

  countNotifications: () => apiFetch<NotificationCount>('/api/notification/count'),

  readNotifications: (body: NotificationReadBody) =>
    apiFetch<NotificationReadResult>('/api/notification/read', {
      method: 'POST',
      body,
      fallback: 'errors.notifications_read',
    }),

  getNotificationPreferences: preferences.get,
  updateNotificationPreferences: preferences.update,

  /** Settings: what the tenant's people are told until they choose themselves. */
  getNotificationDefaults: defaults.get,
  updateNotificationDefaults: defaults.update,

  /** Web push: the server's VAPID key, and this browser's subscription kept or dropped. */
  getPushKey: () => apiFetch<PushKey>('/api/notification/push/key'),

  subscribePush: (body: PushSubscribeBody) => pushPost('subscribe', body),

  unsubscribePush: (endpoint: string) => pushPost('unsubscribe', { endpoint }),

  /** Settings: hours after due before undone urgent work goes to the reviewers, then one level up. */
  getEscalationDelays: () => apiFetch<EscalationDelays>('/api/notification/escalation'),

  updateEscalationDelays: (body: EscalationDelays) =>
    apiFetch<EscalationDelays>('/api/notification/escalation', {
      method: 'PUT',
      body,
      fallback: 'errors.notification_defaults',
    }),
};
