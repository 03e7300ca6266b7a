import { HttpResponse, http } from 'msw';
import type { Notification, NotificationPreference } from '../../contract/api/notifications';

/** The product's defaults, as the server answers a person who chose nothing. */
export const NOTIFICATION_PREFERENCES: NotificationPreference[] = [
  { event: 'task.urgent', channel: 'app', enabled: true },
  { event: 'task.urgent', channel: 'email', enabled: false },
  { event: 'task.new', channel: 'app', enabled: true },
  { event: 'task.new', channel: 'email', enabled: false },
  { event: 'task.sent_back', channel: 'app', enabled: true },
  { event: 'task.sent_back', channel: 'email', enabled: true },
];

export const notice = (overrides: Partial<Notification> = {}): Notification => ({
  id: 11,
  event: 'task.urgent',
  task_id: 30,
  assignment_id: 301,
  task_title: 'Product recall: batch 42',
  store_name: 'Sydney CBD',
  reason: null,
  counts: null,
  created_at: '2030-03-04T01:00:00.000Z',
  read: false,
  ...overrides,
});

/** A PUT of changed switches (a person's or the tenant's): kept in `sent`, answered with the list so changed. */
export const savesPreferences = (path: string, sent: unknown[]) =>
  http.put(path, async ({ request }) => {
    const body = (await request.json()) as { data: NotificationPreference[] };
    sent.push(body);
    const changed = body.data[0]!;
    return HttpResponse.json({
      status: 200,
      data: {
        data: NOTIFICATION_PREFERENCES.map((p) =>
          p.event === changed.event && p.channel === changed.channel ? changed : p,
        ),
      },
    });
  });
