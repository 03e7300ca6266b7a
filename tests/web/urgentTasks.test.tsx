import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UrgentTask } from '../../contract/api/mytasks';
import { openUrgent, urgentTaskPath } from '../../src/layout/urgentTasks';
import { operatorVerify, resetBrowserState, signedIn, verifyData, verifyHandler } from './fixtures';
import { server } from './msw';
import { emptyMyTasks } from './myTasksFixtures';
import { expectPath, renderApp } from './renderApp';

const urgent = (overrides: Partial<UrgentTask> = {}): UrgentTask => ({
  assignment_id: 301,
  task_id: 30,
  title: 'Product recall: batch 42',
  due_at: '2030-03-04T06:00:00.000Z',
  status: false,
  ...overrides,
});

describe('urgent tasks', () => {
  beforeEach(() => resetBrowserState());

  it('counts the urgent tasks whose status is false (spec §4)', () => {
    const tasks = [urgent(), urgent({ assignment_id: 302, status: true }), urgent({ assignment_id: 303 })];
    expect(openUrgent(tasks).map((t) => t.assignment_id)).toEqual([301, 303]);
    expect(urgentTaskPath(urgent())).toBe('/task?assignment=301');
  });

  it('asks with unix seconds and the browser zone, opens when some are open, and each opens its task', async () => {
    signedIn();
    let query: URLSearchParams | undefined;
    server.use(
      ...emptyMyTasks,
      verifyHandler(verifyData()),
      http.get('*/api/user/task/urgent', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          status: 200,
          data: { data: [urgent(), urgent({ assignment_id: 302, title: 'Done already', status: true })] },
        });
      }),
    );
    const before = Math.floor(Date.now() / 1000);
    renderApp('/task');
    const dialog = await screen.findByRole('dialog', { name: 'Urgent tasks' });
    expect(dialog).toHaveTextContent('You have 1 urgent task waiting');
    expect(dialog).toHaveTextContent('Product recall: batch 42');
    expect(dialog).not.toHaveTextContent('Done already');
    const datetime = Number(query?.get('datetime'));
    expect(datetime).toBeGreaterThanOrEqual(before);
    expect(datetime).toBeLessThan(before + 60);
    expect(query?.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await userEvent.click(screen.getByRole('button', { name: /Product recall: batch 42/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull());
    await expectPath('/task', '?assignment=301');
  });

  it('sends the browser zone even when the profile names another (spec §9)', async () => {
    signedIn();
    let zone: string | null = null;
    server.use(
      ...emptyMyTasks,
      verifyHandler(
        verifyData({
          profile_data: [{ id: 1, field_id: 1, short_name: 'timezone', value: 'Pacific/Auckland' }],
        }),
      ),
      http.get('*/api/user/task/urgent', ({ request }) => {
        zone = new URL(request.url).searchParams.get('timezone');
        return HttpResponse.json({ status: 200, data: { data: [] } });
      }),
    );
    renderApp('/task');
    await waitFor(() => expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone));
  });

  it('stays closed when every urgent task is done', async () => {
    signedIn();
    let asked = false;
    server.use(
      ...emptyMyTasks,
      verifyHandler(verifyData()),
      http.get('*/api/user/task/urgent', () => {
        asked = true;
        return HttpResponse.json({ status: 200, data: { data: [urgent({ status: true })] } });
      }),
    );
    renderApp('/task');
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull();
  });

  it('only logs a failure and keeps the session', async () => {
    signedIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      ...emptyMyTasks,
      verifyHandler(verifyData()),
      http.get('*/api/user/task/urgent', () =>
        HttpResponse.json({ status: 404, message: 'No API route' }, { status: 404 }),
      ),
    );
    renderApp('/task');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load urgent tasks', expect.anything()));
    expect(screen.queryByRole('dialog', { name: 'Urgent tasks' })).toBeNull();
    expect(window.location.pathname).toBe('/task');
    warn.mockRestore();
  });

  it('does not ask for users without My Tasks', async () => {
    signedIn();
    const asked = vi.fn();
    server.use(
      verifyHandler(operatorVerify()),
      http.get('*/api/user/task/urgent', () => {
        asked();
        return HttpResponse.json({ status: 200, data: { data: [] } });
      }),
      http.get('*/api/tenant/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 10 } }),
      ),
    );
    renderApp('/');
    await expectPath('/tenant-management');
    // The tenant list has rendered, so the layout (and its urgent-tasks hook) is mounted.
    await screen.findByTestId('tenants-empty');
    expect(asked).not.toHaveBeenCalled();
  });
});
