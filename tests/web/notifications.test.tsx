import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationPreference } from '../../contract/api/notifications';
import {
  noUrgentTasks,
  permissionsOf,
  position,
  resetBrowserState,
  signedIn,
  verifyData,
  verifyHandler,
} from './fixtures';
import { server } from './msw';
import { emptyMyTasks } from './myTasksFixtures';
import { NOTIFICATION_PREFERENCES, notice } from './notificationFixtures';
import { expectPath, renderApp } from './renderApp';

describe('the bell', () => {
  beforeEach(() => resetBrowserState());

  it('shows the unread count, lists the notices, and opening one marks it read and opens its task', async () => {
    signedIn();
    const read: unknown[] = [];
    let unread = 2;
    server.use(
      ...emptyMyTasks,
      noUrgentTasks,
      verifyHandler(verifyData()),
      http.get('*/api/notification/count', () => HttpResponse.json({ status: 200, data: { unread } })),
      http.get('*/api/notification/list', () =>
        HttpResponse.json({
          status: 200,
          data: {
            data: [
              notice(),
              notice({
                id: 10,
                event: 'task.sent_back',
                assignment_id: 290,
                task_title: 'Clean the fridge seals',
                reason: 'The bottom seal is still mouldy',
                read: true,
              }),
            ],
            total: 2,
            unread,
            page: 1,
            per_page: 20,
          },
        }),
      ),
      http.post('*/api/notification/read', async ({ request }) => {
        read.push(await request.json());
        unread = 1;
        return HttpResponse.json({ status: 200, data: { marked: 1, unread } });
      }),
    );
    renderApp('/task');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('Urgent at Sydney CBD: Product recall: batch 42')).toBeVisible();
    expect(
      within(dialog).getByText(
        'Sent back at Sydney CBD: Clean the fridge seals. The bottom seal is still mouldy',
      ),
    ).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: /Product recall: batch 42/ }));
    await waitFor(() => expect(read).toEqual([{ ids: [11] }]));
    await expectPath('/task', '?assignment=301');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  it('marks every notice read at once', async () => {
    signedIn();
    const read: unknown[] = [];
    server.use(
      ...emptyMyTasks,
      noUrgentTasks,
      verifyHandler(verifyData()),
      http.get('*/api/notification/count', () => HttpResponse.json({ status: 200, data: { unread: 1 } })),
      http.get('*/api/notification/list', () =>
        HttpResponse.json({
          status: 200,
          data: { data: [notice()], total: 1, unread: 1, page: 1, per_page: 20 },
        }),
      ),
      http.post('*/api/notification/read', async ({ request }) => {
        read.push(await request.json());
        return HttpResponse.json({ status: 200, data: { marked: 1, unread: 0 } });
      }),
    );
    renderApp('/task');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(read).toEqual([{ all: true }]));
  });
});

describe('notification choices on the profile', () => {
  beforeEach(() => resetBrowserState());

  it('shows each event and channel and saves a switch at once', async () => {
    signedIn();
    const sent: unknown[] = [];
    server.use(
      noUrgentTasks,
      verifyHandler(verifyData()),
      http.get('*/api/profile/get', () =>
        HttpResponse.json({
          status: 200,
          data: {
            id: 7,
            username: 'staff@acme.test',
            email: 'staff@acme.test',
            firstname: 'Sam',
            lastname: 'Staff',
            preferred_name: null,
            avatar: null,
            avatar_url: null,
            profile_data: [],
            fields: [],
          },
        }),
      ),
      http.put('*/api/notification/preferences', async ({ request }) => {
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
      }),
    );
    renderApp('/profile');
    const card = await screen.findByTestId('profile-notifications');
    const urgentMail = await within(card).findByRole('switch', {
      name: 'An urgent task starts for my store: By e-mail',
    });
    expect(urgentMail).not.toBeChecked();
    expect(
      within(card).getByRole('switch', { name: 'Work I sent is sent back to me: By e-mail' }),
    ).toBeChecked();
    await userEvent.click(urgentMail);
    await waitFor(() =>
      expect(sent).toEqual([{ data: [{ event: 'task.urgent', channel: 'email', enabled: true }] }]),
    );
    await waitFor(() => expect(urgentMail).toBeChecked());
  });
});

describe('the tenant’s notification defaults in Settings', () => {
  beforeEach(() => resetBrowserState());

  it('shows the defaults to an administrator and saves a switch at once', async () => {
    signedIn();
    const sent: unknown[] = [];
    server.use(
      noUrgentTasks,
      verifyHandler(
        verifyData({
          modules: permissionsOf('Administrator'),
          position_list: [position({ node_type: 'root', node_id: 1, role_name: 'Administrator' })],
        }),
      ),
      http.get('*/api/setting/get', () =>
        HttpResponse.json({
          status: 200,
          data: {
            terms: { workspace: 'Store' },
            modules: [{ id: 'setting', label: 'Setting', enabled: true, editable: false }],
            week_starting_day: 1,
            max_active_workspace: 50,
            active_workspaces: 12,
          },
        }),
      ),
      http.get('*/api/theme/list', () => HttpResponse.json({ status: 200, data: { data: [] } })),
      http.put('*/api/notification/defaults', async ({ request }) => {
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
      }),
    );
    renderApp('/settings');
    const card = await screen.findByTestId('settings-notifications');
    const newMail = await within(card).findByRole('switch', {
      name: 'A task or communication starts for my store: By e-mail',
    });
    expect(newMail).not.toBeChecked();
    await userEvent.click(newMail);
    await waitFor(() =>
      expect(sent).toEqual([{ data: [{ event: 'task.new', channel: 'email', enabled: true }] }]),
    );
    await waitFor(() => expect(newMail).toBeChecked());
  });
});
