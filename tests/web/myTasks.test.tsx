import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MyTaskGroup } from '../../contract/api/mytasks';
import type { VerifyData } from '../../contract/api/session';
import { position, resetBrowserState, verifyData } from './fixtures';
import { server } from './msw';
import { card, departmentList, group, TYPES } from './myTasksFixtures';
import { expectPath, renderRoute, setViewportWidth } from './renderApp';

/** A Sydney store's team member: the profile zone shows times in Sydney whatever the machine's zone. */
const staff = (overrides: Partial<VerifyData> = {}) =>
  verifyData({
    profile_data: [{ id: 1, field_id: 1, short_name: 'timezone', value: 'Australia/Sydney' }],
    ...overrides,
  });

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 2030-03-04 is a Monday. */
const DAY = '2030-03-04';

interface Asked {
  days: URLSearchParams[];
  searches: URLSearchParams[];
}

function answer(groupsFor: (day: string, department: string | null) => MyTaskGroup[]): Asked {
  const asked: Asked = { days: [], searches: [] };
  server.use(
    departmentList,
    http.get('*/api/user/task/date', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.days.push(query);
      return HttpResponse.json({
        status: 200,
        data: { data: groupsFor(query.get('datetime') ?? '', query.get('department')) },
      });
    }),
    http.get('*/api/user/task/search', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.searches.push(query);
      const key = query.get('search_key') ?? '';
      return HttpResponse.json({
        status: 200,
        data: {
          data: [
            group(TYPES.task, [
              card({ assignment_id: 900, title: `Found: ${key}`, due_at: '2030-03-20T06:00:00.000Z' }),
            ]),
          ],
        },
      });
    }),
  );
  return asked;
}

const dayGroups = (day: string): MyTaskGroup[] => [
  group(TYPES.urgent, [card({ assignment_id: 201, title: `Recall on ${day}`, type_id: TYPES.urgent.id })]),
  group(TYPES.task, [
    card({
      title: 'Check the fire exits',
      overdue: true,
      evidence: { comment: true, photos: 2, files: 0, checklist: 3 },
      checklist: { total: 3, done: 1 },
    }),
    card({ assignment_id: 102, title: 'Clean the fridge', status: 'done', done: true }),
  ]),
];

describe('My Tasks: the day, the week, filters', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });

  it('shows the day by type in the store zone, asks with the browser zone, and moves done work to the end', async () => {
    const asked = answer((day) => dayGroups(day));
    renderRoute(`/task?date=${DAY}`, staff());
    const urgent = await screen.findByRole('region', { name: 'Urgent' });
    expect(within(urgent).getByText(`Recall on ${DAY}`)).toBeInTheDocument();
    const tasks = screen.getByRole('region', { name: 'Task' });
    const fire = within(tasks).getByRole('button', { name: /^Check the fire exits/ });
    // 06:00 UTC is 17:00 in Sydney (daylight saving), the profile's zone.
    expect(fire).toHaveTextContent('Due 17:00');
    expect(fire).toHaveTextContent('Overdue');
    expect(fire).toHaveTextContent('2 photos');
    expect(fire).toHaveTextContent('Checklist 1/3');
    // Done work is not among the type's open cards but in the Done list.
    expect(within(tasks).queryByText('Clean the fridge')).toBeNull();
    expect(within(screen.getByTestId('done-section')).getByText('Clean the fridge')).toBeInTheDocument();
    expect(asked.days[0]?.get('datetime')).toBe(DAY);
    expect(asked.days[0]?.get('timezone')).toBe(BROWSER_ZONE);
    expect(asked.days[0]?.has('department')).toBe(false);
  });

  it('puts work sent back first with its reason, and work awaiting approval apart from what is done', async () => {
    answer(() => [
      group(TYPES.task, [
        card({ assignment_id: 301, title: 'Face up the shelves' }),
        card({
          assignment_id: 302,
          title: 'End-cap display',
          status: 'submitted',
          done: true,
          approval: true,
        }),
        card({
          assignment_id: 303,
          title: 'Window display',
          status: 'rejected',
          approval: true,
          attempt: 2,
          rejection_reason: 'Price tags missing',
        }),
        card({ assignment_id: 304, title: 'Clean the fridge', status: 'done', done: true }),
      ]),
    ]);
    renderRoute(`/task?date=${DAY}`, staff());
    const sentBack = await screen.findByTestId('sent-back-section');
    expect(within(sentBack).getByRole('button', { name: /^Window display/ })).toHaveTextContent(
      'Sent back: Price tags missing',
    );
    const sections = screen.getAllByRole('region');
    expect(sections.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Sent back to fix',
      'Task',
      'Awaiting approval',
      'Done',
    ]);
    expect(within(screen.getByRole('region', { name: 'Task' })).queryByText('Window display')).toBeNull();
    const waiting = screen.getByTestId('waiting-section');
    expect(within(waiting).getByText('End-cap display')).toBeInTheDocument();
    expect(within(waiting).getByText('Awaiting approval (1)')).toBeInTheDocument();
    const done = screen.getByTestId('done-section');
    expect(within(done).queryByText('End-cap display')).toBeNull();
    expect(within(done).getByText('Clean the fridge')).toBeInTheDocument();
  });

  it('steps day by day and jumps through a week strip that starts on the tenant week start', async () => {
    const asked = answer((day) => dayGroups(day));
    renderRoute(`/task?date=${DAY}`, staff());
    await screen.findByText(`Recall on ${DAY}`);
    const strip = screen.getByRole('group', { name: 'Days of the week' });
    const days = within(strip).getAllByRole('button');
    // week_starting_day 1: Monday 4 March to Sunday 10 March.
    expect(days.map((d) => d.textContent)).toEqual([
      'Mon 4',
      'Tue 5',
      'Wed 6',
      'Thu 7',
      'Fri 8',
      'Sat 9',
      'Sun 10',
    ]);
    expect(days[0]).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await screen.findByText('Recall on 2030-03-05');
    await expectPath('/task', '?date=2030-03-05');

    await userEvent.click(within(strip).getByRole('button', { name: 'Sun 10 March' }));
    await screen.findByText('Recall on 2030-03-10');
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await screen.findByText('Recall on 2030-03-09');
    expect(asked.days.map((q) => q.get('datetime'))).toEqual([DAY, '2030-03-05', '2030-03-10', '2030-03-09']);
  });

  it('starts the week strip on Sunday for a tenant whose week starts on Sunday', async () => {
    answer((day) => dayGroups(day));
    renderRoute(`/task?date=${DAY}`, staff({ settings: { week_starting_day: 0, max_active_workspace: 50 } }));
    await screen.findByText(`Recall on ${DAY}`);
    const days = within(screen.getByRole('group', { name: 'Days of the week' })).getAllByRole('button');
    expect(days[0]).toHaveTextContent('Sun 3');
    expect(days[1]).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the week, a day per column, and opens a day from its heading', async () => {
    const asked = answer((day) => dayGroups(day));
    renderRoute(`/task?date=2030-03-06`, staff());
    await screen.findByText('Recall on 2030-03-06');
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    const week = await screen.findByTestId('week-view');
    await within(week).findByText('Recall on 2030-03-10');
    for (const d of ['04', '05', '06', '07', '08', '09', '10']) {
      expect(asked.days.map((q) => q.get('datetime'))).toContain(`2030-03-${d}`);
    }
    expect(screen.getByTestId('shown-day')).toHaveTextContent('Mon, 4 Mar – Sun, 10 Mar');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await within(screen.getByTestId('week-view')).findByText('Recall on 2030-03-17');

    const friday = screen.getByRole('region', { name: 'Friday 15 March' });
    await userEvent.click(within(friday).getByRole('button', { name: /Fri 15/ }));
    await screen.findByRole('group', { name: 'Days of the week' });
    expect(screen.queryByTestId('week-view')).toBeNull();
    await expectPath('/task', '?date=2030-03-15');
  });

  it('filters by department and searches across days', async () => {
    const asked = answer((day, department) =>
      department === '4'
        ? [
            group(TYPES.task, [
              card({ title: 'Bake the bread', department: { id: 4, name: 'Bakery', colour: '#8d6e63' } }),
            ]),
          ]
        : dayGroups(day),
    );
    renderRoute(`/task?date=${DAY}`, staff());
    await screen.findByText(`Recall on ${DAY}`);

    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bakery' }));
    await screen.findByText('Bake the bread');
    expect(screen.queryByText(`Recall on ${DAY}`)).toBeNull();
    expect(asked.days.at(-1)?.get('department')).toBe('4');
    await expectPath('/task', `?date=${DAY}&department=4`);

    await userEvent.type(screen.getByRole('textbox', { name: 'Search tasks' }), 'fridge');
    await screen.findByText('Found: fridge');
    expect(screen.getByText(/Tasks matching “fridge”/)).toBeInTheDocument();
    const search = asked.searches.at(-1);
    expect(search?.get('search_key')).toBe('fridge');
    expect(search?.get('department')).toBe('4');
    expect(search?.get('timezone')).toBe(BROWSER_ZONE);
    // A result on another day says when it is due.
    expect(screen.getByRole('button', { name: /^Found: fridge/ })).toHaveTextContent('Due 20/03/2030 17:00');

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByText('Bake the bread');
  });

  it('names the store on each card for someone positioned above store level', async () => {
    answer(() => [
      group(TYPES.task, [
        card({ title: 'Stocktake', workspace: { id: 5, name: 'Sydney CBD', timezone: 'Australia/Sydney' } }),
        card({
          assignment_id: 102,
          title: 'Stocktake',
          workspace: { id: 6, name: 'Parramatta', timezone: 'Australia/Sydney' },
        }),
      ]),
    ]);
    renderRoute(
      `/task?date=${DAY}`,
      staff({
        position_list: [
          position({ node_type: 'area', node_name: 'Sydney Metro', role_name: 'Area Manager' }),
        ],
      }),
    );
    const cards = await screen.findAllByRole('button', { name: /^Stocktake/ });
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Sydney CBD'),
      expect.stringContaining('Parramatta'),
    ]);
  });

  it('says when the day is empty and when loading failed, with a retry', async () => {
    let fail = true;
    server.use(
      departmentList,
      http.get('*/api/user/task/date', () =>
        fail
          ? HttpResponse.json({ status: 500, message: 'Database unavailable' }, { status: 500 })
          : HttpResponse.json({ status: 200, data: { data: [] } }),
      ),
    );
    renderRoute(`/task?date=${DAY}`, staff());
    expect(await screen.findByText(/Your tasks could not be loaded/)).toHaveTextContent(
      'Database unavailable',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('my-tasks-empty')).toHaveTextContent('Nothing to do on this day.');
  });
});

describe('My Tasks on a phone', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(390);
  });

  it('opens a card in a drawer that fills the screen, and the back button closes it', async () => {
    answer((day) => dayGroups(day));
    server.use(
      http.get('*/api/user/task/get', () =>
        HttpResponse.json({
          status: 200,
          data: {
            task: {
              id: 20,
              title: `Recall on ${DAY}`,
              description: '<p>Pull <strong>batch 42</strong> from the shelves.</p>',
              type: TYPES.urgent,
              checklist: [],
              attachments: [],
            },
            assignment: card({ assignment_id: 201, title: `Recall on ${DAY}`, type_id: TYPES.urgent.id }),
            submissions: [],
          },
        }),
      ),
    );
    renderRoute(`/task?date=${DAY}`, staff());
    await userEvent.click(
      await screen.findByRole('button', { name: (name) => name.startsWith(`Recall on ${DAY}`) }),
    );
    const drawer = await screen.findByTestId('task-drawer');
    await waitFor(() =>
      expect(within(drawer).getByTestId('task-instructions')).toHaveTextContent('batch 42'),
    );
    expect(drawer).toHaveStyle({ width: '100%' });
    await expectPath('/task', `?date=${DAY}&assignment=201`);
    window.history.back();
    await waitFor(() => expect(screen.queryByTestId('task-drawer')).toBeNull());
  });
});
