import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { countOpenUrgent, parseUrgentTasks } from '../../src/layout/urgentTasks';
import { operatorVerify, resetBrowserState, signedIn, verifyData, verifyHandler } from './fixtures';
import { server } from './msw';
import { expectPath, renderApp } from './renderApp';

describe('urgent tasks', () => {
  beforeEach(() => resetBrowserState());

  it('reads the shapes the task endpoint may answer with', () => {
    const tasks = [
      { id: 1, title: 'Recall: batch 42', status: false },
      { id: 2, name: 'Fridge temperature', status: true },
    ];
    expect(parseUrgentTasks(tasks)).toHaveLength(2);
    expect(parseUrgentTasks({ Urgent: tasks })).toHaveLength(2);
    expect(parseUrgentTasks({ data: { urgent: tasks } })).toHaveLength(2);
    expect(
      parseUrgentTasks([
        { name: 'Urgent', tasks },
        { name: 'Task', tasks: [{ id: 3, status: false }] },
      ]),
    ).toHaveLength(2);
    expect(parseUrgentTasks(null)).toEqual([]);
    expect(parseUrgentTasks(tasks)[1]?.title).toBe('Fridge temperature');
  });

  it('counts the urgent tasks whose status is false', () => {
    expect(
      countOpenUrgent(
        parseUrgentTasks([
          { id: 1, status: false },
          { id: 2, status: true },
          { id: 3, status: false },
        ]),
      ),
    ).toBe(2);
  });

  it('asks with unix seconds and the time zone, and opens the modal when some are open', async () => {
    signedIn();
    let query: URLSearchParams | undefined;
    server.use(
      verifyHandler(verifyData()),
      http.get('*/api/user/task/urgent', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          status: 200,
          data: {
            Urgent: [
              { id: 1, title: 'Product recall: batch 42', status: false },
              { id: 2, title: 'Done already', status: true },
            ],
          },
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
    expect(query?.get('timezone')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open My Tasks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectPath('/task');
  });

  it('stays closed when every urgent task is done', async () => {
    signedIn();
    let asked = false;
    server.use(
      verifyHandler(verifyData()),
      http.get('*/api/user/task/urgent', () => {
        asked = true;
        return HttpResponse.json({ status: 200, data: [{ id: 2, title: 'Done', status: true }] });
      }),
    );
    renderApp('/task');
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('only logs a failure and keeps the session', async () => {
    signedIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      verifyHandler(verifyData()),
      http.get('*/api/user/task/urgent', () =>
        HttpResponse.json({ status: 404, message: 'No API route' }, { status: 404 }),
      ),
    );
    renderApp('/task');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load urgent tasks', expect.anything()));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.pathname).toBe('/task');
    warn.mockRestore();
  });

  it('does not ask for users without My Tasks', async () => {
    signedIn();
    const urgent = vi.fn();
    server.use(
      verifyHandler(operatorVerify()),
      http.get('*/api/user/task/urgent', () => {
        urgent();
        return HttpResponse.json({ status: 200, data: [] });
      }),
      http.get('*/api/tenant/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 10 } }),
      ),
    );
    renderApp('/');
    await expectPath('/tenant-management');
    // The tenant list has rendered, so the layout (and its urgent-tasks hook) is mounted.
    await screen.findByTestId('tenants-empty');
    expect(urgent).not.toHaveBeenCalled();
  });
});
