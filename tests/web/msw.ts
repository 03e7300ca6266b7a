import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ScimSettings } from '../../contract/api/scim';
import { NOTIFICATION_PREFERENCES } from './notificationFixtures';

/**
 * One msw server for every web test; each test adds the handlers it needs. The bell in the app
 * bar asks on every signed-in screen, so nothing new is its answer unless a test says otherwise;
 * likewise the urgent-tasks reminder of a person with My Tasks: none wait, and no webhooks, SCIM
 * tokens or directory groups.
 */
export const server = setupServer(
  http.get('*/api/user/task/urgent', () => HttpResponse.json({ status: 200, data: { data: [] } })),
  http.get('*/api/notification/count', () => HttpResponse.json({ status: 200, data: { unread: 0 } })),
  http.get('*/api/notification/preferences', () =>
    HttpResponse.json({ status: 200, data: { data: NOTIFICATION_PREFERENCES } }),
  ),
  http.get('*/api/notification/defaults', () =>
    HttpResponse.json({ status: 200, data: { data: NOTIFICATION_PREFERENCES } }),
  ),
  http.get('*/api/notification/escalation', () =>
    HttpResponse.json({ status: 200, data: { first_hours: 2, second_hours: 24 } }),
  ),
  // The settings page's webhooks card: none unless a test says otherwise.
  http.get('*/api/webhook/list', () => HttpResponse.json({ status: 200, data: { data: [] } })),
  // Its directory provisioning card.
  http.get('*/api/scim/setting', () =>
    HttpResponse.json({
      status: 200,
      data: { base_url: 'https://storeline.test/scim/v2', on_delete: 'disable' } satisfies ScimSettings,
    }),
  ),
  http.get('*/api/scim/token/list', () => HttpResponse.json({ status: 200, data: [] })),
  http.get('*/api/scim/group/list', () => HttpResponse.json({ status: 200, data: [] })),
  // Where one is signed in (the profile page) and a person's sessions (their page): none listed.
  http.get('*/api/session/list', () => HttpResponse.json({ status: 200, data: [] })),
  http.get('*/api/admin/user/sessions', () => HttpResponse.json({ status: 200, data: [] })),
);
