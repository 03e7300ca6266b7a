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

  getNotificationPreferences: () => apiFetch<NotificationPreferences>('/api/notification/preferences'),

  updateNotificationPreferences: (data: NotificationPreference[]) =>
    apiFetch<NotificationPreferences>('/api/notification/preferences', {
      method: 'PUT',
      body: { data },
      fallback: 'errors.notification_preferences',
    }),

  /** Settings: what the tenant's people are told until they choose themselves. */
  getNotificationDefaults: () => apiFetch<NotificationPreferences>('/api/notification/defaults'),

  updateNotificationDefaults: (data: NotificationPreference[]) =>
    apiFetch<NotificationPreferences>('/api/notification/defaults', {
      method: 'PUT',
      body: { data },
      fallback: 'errors.notification_defaults',
    }),

  /** Web push: the server's VAPID key, and this browser's subscription kept or dropped. */
  getPushKey: () => apiFetch<PushKey>('/api/notification/push/key'),

  subscribePush: (body: PushSubscribeBody) =>
    apiFetch<PushSubscribeResult>('/api/notification/push/subscribe', {
      method: 'POST',
      body,
      fallback: 'notifications.device.failed',
    }),

  unsubscribePush: (endpoint: string) =>
    apiFetch<PushSubscribeResult>('/api/notification/push/unsubscribe', {
      method: 'POST',
      body: { endpoint },
      fallback: 'notifications.device.failed',
    }),

  /** Settings: hours after due before undone urgent work goes to the reviewers, then one level up. */
  getEscalationDelays: () => apiFetch<EscalationDelays>('/api/notification/escalation'),

  updateEscalationDelays: (body: EscalationDelays) =>
    apiFetch<EscalationDelays>('/api/notification/escalation', {
      method: 'PUT',
      body,
      fallback: 'errors.notification_defaults',
    }),
};
