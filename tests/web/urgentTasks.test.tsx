import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UrgentTask } from '../../contract/api/mytasks';
import { openUrgent, urgentTaskPath } from '../../src/layout/urgentTasks';
import { clearAuthState } from '../../src/providers/authState';
import {
  ELSEWHERE,
  HERE,
  operatorVerify,
  permissionsOf,
  position,
  resetBrowserState,
  signedIn,
  verifyData,
} from './fixtures';
import { server } from './msw';
import { card, detail, emptyMyTasks, TYPES } from './myTasksFixtures';
import { expectPath, renderApp } from './renderApp';

const urgent = (overrides: Partial<UrgentTask> = {}): UrgentTask => ({
  assignment_id: 301,
  task_id: 30,
  title: 'Product recall: batch 42',
  due_at: '2030-03-04T06:00:00.000Z',
  workspace: { id: 7, name: 'Sydney CBD', timezone: HERE },
  status: false,
  ...overrides,
});

/** My Tasks as a team member of the default store, with these urgent tasks waiting. */
function openWithUrgent(rows: UrgentTask[]) {
  server.use(
    ...emptyMyTasks,
    http.get('*/api/user/task/urgent', () => HttpResponse.json({ status: 200, data: { data: rows } })),
  );
  renderApp('/task', verifyData());
}

describe('urgent tasks', () => {
  beforeEach(() => resetBrowserState());

  it('counts the urgent tasks whose status is false (spec §4)', () => {
    const tasks = [urgent(), urgent({ assignment_id: 302, status: true }), urgent({ assignment_id: 303 })];
    expect(openUrgent(tasks).map((t) => t.assignment_id)).toEqual([301, 303]);
    expect(urgentTaskPath(urgent())).toBe('/task?assignment=301');
  });

  it('asks with unix seconds and the browser zone, opens when some are open, and each opens its task', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      ...emptyMyTasks,
      http.get('*/api/user/task/urgent', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          status: 200,
          data: { data: [urgent(), urgent({ assignment_id: 302, title: 'Done already', status: true })] },
        });
      }),
    );
    const before = Math.floor(Date.now() / 1000);
    renderApp('/task', verifyData());
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    expect(dialog).toHaveTextContent('You have 1 urgent task waiting');
    expect(dialog).toHaveTextContent('Product recall: batch 42');
    expect(dialog).not.toHaveTextContent('Done already');
    // One store: its name would only repeat on every row.
    expect(dialog).not.toHaveTextContent('Sydney CBD');
    const datetime = Number(query?.get('datetime'));
    expect(datetime).toBeGreaterThanOrEqual(before);
    expect(datetime).toBeLessThan(before + 60);
    expect(query?.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await userEvent.click(screen.getByRole('button', { name: /Product recall: batch 42/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull());
    await expectPath('/task', '?assignment=301');
  });

  it('names the store of each row when the rows span several stores', async () => {
    openWithUrgent([
      urgent(),
      urgent({ assignment_id: 302, workspace: { id: 8, name: 'Bondi Junction', timezone: HERE } }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    const rows = within(dialog).getAllByRole('button', { name: /Product recall: batch 42/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Sydney CBD · Due'),
      expect.stringContaining('Bondi Junction · Due'),
    ]);
  });

  it('reads a store in another zone by its own clock, marked as store time, with the viewer’s on hover', async () => {
    openWithUrgent([
      urgent(),
      urgent({ assignment_id: 302, workspace: { id: 8, name: 'Broken Hill', timezone: ELSEWHERE } }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    const [here, there] = within(dialog).getAllByRole('button', { name: /Product recall: batch 42/ });
    const clock = (zone: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date('2030-03-04T06:00:00.000Z'));
    expect(here).toHaveTextContent(`Due`);
    expect(here).not.toHaveTextContent('store time');
    expect(there).toHaveTextContent(`${clock(ELSEWHERE)} store time`);
    expect(there.querySelector('[title]')?.getAttribute('title')).toContain(`${clock(HERE)} your time`);
  });

  it('opens on a position change when the new position has urgent work', async () => {
    signedIn();
    const asked: (string | null)[] = [];
    const positions = (selected: number) =>
      verifyData({
        position_list: [
          position({ id: 11, node_name: 'Sydney CBD', selected: selected === 11 }),
          position({ id: 21, node_id: 6, node_name: 'Parramatta', selected: selected === 21 }),
        ],
      });
    server.use(
      ...emptyMyTasks,
      http.get('*/api/user/verify', ({ request }) =>
        HttpResponse.json({
          status: 200,
          data: positions(request.headers.get('x-position-id') === '21' ? 21 : 11),
        }),
      ),
      http.get('*/api/user/task/urgent', ({ request }) => {
        const header = request.headers.get('x-position-id');
        asked.push(header);
        return HttpResponse.json({
          status: 200,
          data: { data: header === '21' ? [urgent({ title: 'Parramatta recall' })] : [] },
        });
      }),
    );
    renderApp('/task');
    await waitFor(() => expect(asked).toEqual([null]));
    expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: /switch position/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Parramatta/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    expect(dialog).toHaveTextContent('Parramatta recall');
    // The switch refreshes every query, so the new position may be asked more than once.
    expect(asked[0]).toBeNull();
    expect(asked.slice(1)).toContain('21');
    expect(asked.slice(1).every((header) => header === '21')).toBe(true);
  });

  it('asks again after the task is completed and stays closed', async () => {
    let completed = false;
    let asked = 0;
    const recall = card({
      assignment_id: 301,
      task_id: 30,
      title: 'Product recall: batch 42',
      type_id: TYPES.urgent.id,
    });
    server.use(
      http.get('*/api/user/task/get', () => HttpResponse.json({ status: 200, data: detail(recall) })),
      http.post('*/api/user/task/complete', () => {
        completed = true;
        return HttpResponse.json({ status: 200, data: { ...recall, status: 'done', done: true } });
      }),
      ...emptyMyTasks,
      http.get('*/api/user/task/urgent', () => {
        asked++;
        return HttpResponse.json({ status: 200, data: { data: [urgent({ status: completed })] } });
      }),
    );
    renderApp('/task', verifyData());
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Product recall: batch 42/ }));
    const drawer = await screen.findByTestId('task-drawer');
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Mark as done' }));
    await screen.findByText('Task done');
    await waitFor(() => expect(asked).toBe(2));
    expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull();
  });

  it('sends the browser zone even when the profile names another (spec §9)', async () => {
    let zone: string | null = null;
    server.use(
      ...emptyMyTasks,
      http.get('*/api/user/task/urgent', ({ request }) => {
        zone = new URL(request.url).searchParams.get('timezone');
        return HttpResponse.json({ status: 200, data: { data: [] } });
      }),
    );
    renderApp(
      '/task',
      verifyData({
        profile_data: [{ id: 1, field_id: 1, short_name: 'timezone', value: 'Pacific/Auckland' }],
      }),
    );
    await waitFor(() => expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone));
  });

  it('stays closed when every urgent task is done', async () => {
    let asked = false;
    server.use(
      ...emptyMyTasks,
      http.get('*/api/user/task/urgent', () => {
        asked = true;
        return HttpResponse.json({ status: 200, data: { data: [urgent({ status: true })] } });
      }),
    );
    renderApp('/task', verifyData());
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull();
  });

  it('only logs a failure and keeps the session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      ...emptyMyTasks,
      http.get('*/api/user/task/urgent', () =>
        HttpResponse.json({ status: 404, message: 'No API route' }, { status: 404 }),
      ),
    );
    renderApp('/task', verifyData());
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load urgent tasks', expect.anything()));
    expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull();
    expect(window.location.pathname).toBe('/task');
    warn.mockRestore();
  });

  const asArea = (rows: UrgentTask[]) => {
    const asked = vi.fn();
    server.use(
      ...emptyMyTasks,
      http.get('*/api/user/task/urgent', () => {
        asked();
        return HttpResponse.json({ status: 200, data: { data: rows } });
      }),
    );
    renderApp(
      '/task',
      verifyData({
        position_list: [
          position({ node_type: 'area', node_name: 'Sydney Metro', role_name: 'Area Manager' }),
        ],
        modules: permissionsOf('Area Manager'),
      }),
    );
    return asked;
  };

  it('opens whenever the count is above 0, whoever the person is (spec §4)', async () => {
    asArea([urgent()]);
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    expect(dialog).toHaveTextContent('Product recall: batch 42');
  });

  it('stays closed when the count is 0: an area position, whose urgent list is empty', async () => {
    const asked = asArea([urgent({ status: true })]);
    await screen.findByRole('heading', { name: 'My Tasks' });
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull();
  });

  it('stays closed after Later for the rest of the sign-in session, and reminds again after a new sign-in', async () => {
    let asked = 0;
    server.use(
      ...emptyMyTasks,
      http.get('*/api/user/task/urgent', () => {
        asked++;
        return HttpResponse.json({ status: 200, data: { data: [urgent()] } });
      }),
    );
    renderApp('/task', verifyData());
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull());

    // The page loaded again in the same sign-in session: asked, and not shown.
    cleanup();
    renderApp('/task');
    await waitFor(() => expect(asked).toBe(2));
    await screen.findByRole('heading', { name: 'My Tasks' });
    expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull();

    // A new sign-in session reminds again.
    cleanup();
    clearAuthState();
    signedIn('another-token');
    renderApp('/task');
    expect(await screen.findByRole('dialog', { name: 'Urgent tasks' })).toBeTruthy();
  });

  it('lists a screenful and says how many more wait in My Tasks', async () => {
    const eight = Array.from({ length: 8 }, (_, i) =>
      urgent({ assignment_id: 400 + i, title: `Recall ${i + 1}` }),
    );
    server.use(
      ...emptyMyTasks,
      http.get('*/api/user/task/urgent', () => HttpResponse.json({ status: 200, data: { data: eight } })),
    );
    renderApp('/task', verifyData());
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    expect(dialog).toHaveTextContent('You have 8 urgent tasks waiting');
    expect(within(dialog).getAllByRole('button', { name: /^Recall \d/ })).toHaveLength(5);
    expect(dialog).toHaveTextContent('and 3 more in My Tasks');
  });

  it('does not ask for users without My Tasks', async () => {
    const asked = vi.fn();
    server.use(
      http.get('*/api/user/task/urgent', () => {
        asked();
        return HttpResponse.json({ status: 200, data: { data: [] } });
      }),
      http.get('*/api/tenant/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 10 } }),
      ),
    );
    renderApp('/', operatorVerify());
    await expectPath('/tenant-management');
    // The tenant list has rendered, so the layout (and its urgent-tasks hook) is mounted.
    await screen.findByTestId('tenants-empty');
    expect(asked).not.toHaveBeenCalled();
  });
});
