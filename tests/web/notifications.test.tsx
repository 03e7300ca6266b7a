import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminVerify, resetBrowserState, staffProfile, verifyData } from './fixtures';
import { server } from './msw';
import { emptyMyTasks } from './myTasksFixtures';
import { notice, savesPreferences } from './notificationFixtures';
import { expectPath, renderApp } from './renderApp';

describe('the bell', () => {
  beforeEach(() => resetBrowserState());

  it('shows the unread count, lists the notices, and opening one marks it read and opens its task', async () => {
    const read: unknown[] = [];
    let unread = 2;
    server.use(
      ...emptyMyTasks,
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
    renderApp('/task', verifyData());
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
    const read: unknown[] = [];
    server.use(
      ...emptyMyTasks,
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
    renderApp('/task', verifyData());
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(read).toEqual([{ all: true }]));
  });

  it('pages older notices in, and words digests and escalations with their figures', async () => {
    const pages: string[] = [];
    server.use(
      ...emptyMyTasks,
      http.get('*/api/notification/count', () => HttpResponse.json({ status: 200, data: { unread: 3 } })),
      http.get('*/api/notification/list', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        pages.push(page);
        const first = [
          notice({
            id: 30,
            event: 'review.waiting',
            assignment_id: null,
            task_id: null,
            task_title: '',
            store_name: '',
            counts: { waiting: 3 },
          }),
          notice({ id: 29, event: 'task.escalated', counts: { hours_late: 2 } }),
        ];
        const second = [
          notice({
            id: 5,
            event: 'digest.daily',
            assignment_id: null,
            task_id: null,
            task_title: '',
            counts: { due_today: 4, missed: 1 },
          }),
        ];
        return HttpResponse.json({
          status: 200,
          data: { data: page === '1' ? first : second, total: 3, unread: 3, page: Number(page), per_page: 2 },
        });
      }),
    );
    renderApp('/task', verifyData());
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('3 tasks wait for your review')).toBeVisible();
    expect(
      within(dialog).getByText('Still not done at Sydney CBD, 2 h after due: Product recall: batch 42'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show older notifications' }));
    expect(await within(dialog).findByText('Today at Sydney CBD: 4 due, 1 not done yesterday')).toBeVisible();
    expect(pages).toEqual(['1', '2']);
    // All three are in: nothing older to ask for.
    expect(within(dialog).queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });
});

describe('notification choices on the profile', () => {
  beforeEach(() => resetBrowserState());

  it('shows each event and channel and saves a switch at once', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/profile/get', () => HttpResponse.json({ status: 200, data: staffProfile() })),
      savesPreferences('*/api/notification/preferences', sent),
    );
    renderApp('/profile', verifyData());
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
    const sent: unknown[] = [];
    server.use(
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
      savesPreferences('*/api/notification/defaults', sent),
    );
    renderApp('/settings', adminVerify());
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

    // When urgent work escalates: the server's answer to a save is what the fields show.
    const sentDelays: unknown[] = [];
    server.use(
      http.put('*/api/notification/escalation', async ({ request }) => {
        sentDelays.push(await request.json());
        return HttpResponse.json({ status: 200, data: { first_hours: 4, second_hours: 48 } });
      }),
    );
    const first = within(card).getByLabelText('To the store’s reviewers after');
    expect(first).toHaveValue(2);
    await userEvent.clear(first);
    await userEvent.type(first, '4');
    const second = within(card).getByLabelText('One level up after');
    await userEvent.clear(second);
    await userEvent.type(second, '48');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentDelays).toEqual([{ first_hours: 4, second_hours: 48 }]));
  });
});
