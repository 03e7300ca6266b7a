import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AuditStoreRow,
  AuditSubmissionDetail,
  AuditSubmissionRow,
  AuditTaskRow,
} from '../../contract/api/audit';
import { HERE, permissionsOf, position, resetBrowserState, verifyData } from './fixtures';
import { server } from './msw';
import { card, departmentList, filterLists, group, TYPES } from './myTasksFixtures';
import { clearField, pickerField, profileZone, shown, typeInto } from './pickers';
import { expectPath, renderRoute, setViewportWidth } from './renderApp';

const areaManager = (role: 'Area Manager' | 'Team Member' = 'Area Manager') =>
  verifyData({
    username: 'area@acme.test',
    position_list: [position({ node_type: 'container', node_name: 'Sydney Metro', role_name: role })],
    modules: permissionsOf(role),
  });

const taskRow: AuditTaskRow = {
  id: 31,
  title: 'Window display',
  type: { id: TYPES.task.id, name: 'Task', colour: '#1976d2', icon: 'Assignment' },
  department: null,
  waiting: 2,
  approved: 4,
  rejected: 1,
  oldest_waiting_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
};

const submission = (id: number, store: string): AuditSubmissionRow => ({
  id,
  assignment_id: id + 1000,
  task: { id: 31, title: 'Window display' },
  workspace: { id: id + 50, name: store, timezone: HERE },
  occurrence_date: '2030-03-04',
  due_at: '2030-03-04T06:00:00.000Z',
  attempt: 1,
  submitted_by: { id: 9, name: 'Sam Staff' },
  submitted_at: '2030-03-04T05:00:00.000Z',
  late: false,
  state: 'waiting',
  photos: 0,
  files: 0,
  cover: null,
});

const detailOf = (row: AuditSubmissionRow): AuditSubmissionDetail => ({
  submission: row,
  task: {
    id: 31,
    title: 'Window display',
    description: '<p>Build the spring window.</p>',
    type: TYPES.task,
    checklist: ['Clear the window'],
    attachments: [],
  },
  history: [
    {
      id: row.id,
      attempt: 1,
      outcome: 'done',
      comment: `Finished at ${row.workspace.name}`,
      reason: null,
      checklist: [true],
      attachments: [],
      submitted_by: row.submitted_by,
      submitted_at: row.submitted_at,
      review: null,
    },
  ],
  can_review: true,
  review_blocked: null,
});

interface Calls {
  queues: URLSearchParams[];
  approved: unknown[];
  rejected: unknown[];
}

function answer(): Calls {
  const calls: Calls = { queues: [], approved: [], rejected: [] };
  const rows = [submission(501, 'Sydney CBD'), submission(502, 'Parramatta')];
  server.use(
    ...filterLists,
    http.get('*/api/audit/task/list', ({ request }) => {
      calls.queues.push(new URL(request.url).searchParams);
      return HttpResponse.json({ status: 200, data: { data: [taskRow], total: 1, page: 1, per_page: 25 } });
    }),
    http.get('*/api/audit/submission/list', () =>
      HttpResponse.json({ status: 200, data: { data: rows, total: 2, page: 1, per_page: 100 } }),
    ),
    http.get('*/api/audit/submission/get', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const row = rows.find((r) => r.id === id)!;
      return HttpResponse.json({ status: 200, data: detailOf(row) });
    }),
    http.post('*/api/audit/approve', async ({ request }) => {
      calls.approved.push(await request.json());
      return HttpResponse.json({ status: 200, data: { ids: [501], decision: 'approved' } });
    }),
    http.post('*/api/audit/reject', async ({ request }) => {
      calls.rejected.push(await request.json());
      return HttpResponse.json({ status: 200, data: { ids: [501], decision: 'rejected' } });
    }),
  );
  return calls;
}

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
});

describe('Audit By Task', () => {
  it('keeps its filters in the address and sends them to the queue', async () => {
    const calls = answer();
    renderRoute('/audit/task?status=approved&from=2030-03-01', areaManager());
    expect(await screen.findByText('Window display')).toBeTruthy();
    const last = calls.queues.at(-1)!;
    expect(last.get('status')).toBe('approved');
    expect(last.get('from')).toBe('2030-03-01');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search tasks' }), 'window');
    await waitFor(() => expect(calls.queues.at(-1)!.get('q')).toBe('window'));
    await expectPath('/audit/task', '?status=approved&from=2030-03-01&q=window');
  });

  it('shows the due dates in the session’s pattern and keeps them as YYYY-MM-DD in the address', async () => {
    const calls = answer();
    renderRoute('/audit/task?from=2030-03-01', { ...areaManager(), ...profileZone('America/Chicago') });
    expect(await screen.findByText('Window display')).toBeTruthy();
    const from = pickerField('Due from');
    expect(shown(from)).toBe('03/01/2030');
    await typeInto(pickerField('Due to'), '03152030');
    await expectPath('/audit/task', '?from=2030-03-01&to=2030-03-15');
    await waitFor(() => expect(calls.queues.at(-1)!.get('to')).toBe('2030-03-15'));

    // Emptying a date drops that filter.
    await clearField(from);
    await expectPath('/audit/task', '?to=2030-03-15');
  });

  it('opens a task’s submissions, approves the ticked ones, and reviews one with the keyboard', async () => {
    const calls = answer();
    renderRoute('/audit/task', areaManager());
    await userEvent.click(await screen.findByText('Window display'));
    const list = await screen.findByRole('region', { name: 'Window display' });
    await within(list).findByText('Parramatta');

    await userEvent.click(within(list).getByRole('checkbox', { name: 'Select Parramatta' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Approve selected (1)' }));
    await waitFor(() => expect(calls.approved).toEqual([{ ids: [502] }]));

    await userEvent.click(within(list).getByText('Sydney CBD'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Finished at Sydney CBD')).toBeTruthy();
    expect(within(dialog).getByText('Build the spring window.')).toBeTruthy();

    // → moves to the next submission of the list.
    await userEvent.keyboard('{ArrowRight}');
    expect(await within(dialog).findByText('Finished at Parramatta')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await within(dialog).findByText('Finished at Sydney CBD')).toBeTruthy();

    // Sending back needs a reason.
    await userEvent.keyboard('r');
    const reject = await screen.findByRole('dialog', { name: 'Send back for another try' });
    await userEvent.click(within(reject).getByRole('button', { name: 'Send back' }));
    expect(await within(reject).findByText(/Say why it is sent back/)).toBeTruthy();
    expect(calls.rejected).toEqual([]);
    await userEvent.type(
      within(reject).getByRole('textbox', { name: /What needs fixing/ }),
      'Price tags missing',
    );
    await userEvent.click(within(reject).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(calls.rejected).toEqual([{ id: 501, reason: 'Price tags missing' }]));
    // After the decision the next one opens.
    expect(await screen.findByText('Finished at Parramatta')).toBeTruthy();
  });

  it('after the last waiting submission of a task, stays on that task and offers the next one', async () => {
    const calls = answer();
    const fridge: AuditTaskRow = { ...taskRow, id: 32, title: 'Fridge temperature check', waiting: 5 };
    const decided = { ...submission(502, 'Parramatta'), state: 'approved' as const };
    server.use(
      http.get('*/api/audit/task/list', () =>
        HttpResponse.json({
          status: 200,
          data: { data: [taskRow, fridge], total: 2, page: 1, per_page: 25 },
        }),
      ),
      http.get('*/api/audit/submission/list', () =>
        HttpResponse.json({
          status: 200,
          data: { data: [submission(501, 'Sydney CBD'), decided], total: 2, page: 1, per_page: 100 },
        }),
      ),
      // Another task (the fridge check) still has work waiting in the queue.
      http.get('*/api/audit/submission/get', ({ request }) => {
        const id = Number(new URL(request.url).searchParams.get('id'));
        const row = id === 501 ? submission(501, 'Sydney CBD') : decided;
        return HttpResponse.json({ status: 200, data: detailOf(row) });
      }),
    );
    renderRoute('/audit/task?open=31&submission=501', areaManager());
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Finished at Sydney CBD')).toBeTruthy();

    await userEvent.keyboard('a');
    await waitFor(() => expect(calls.approved).toEqual([{ ids: [501] }]));
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('Nothing more is waiting for a decision in Window display.');
    // Still the task and the submission on screen; nothing of the fridge check was opened.
    await expectPath('/audit/task', '?open=31&submission=501');
    expect(within(dialog).getByText('Finished at Sydney CBD')).toBeTruthy();
    // A decided submission takes no second decision from the keyboard.
    await userEvent.keyboard('a');
    expect(calls.approved).toHaveLength(1);

    await userEvent.click(within(status).getByRole('button', { name: 'Next: Fridge temperature check' }));
    await expectPath('/audit/task', '?open=32');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('folds the filters under a button on a phone, counting those in use', async () => {
    answer();
    setViewportWidth(390);
    renderRoute('/audit/task?type=2&from=2030-03-01', areaManager());
    expect(await screen.findByText('Window display')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows what waits but no decisions without audit.update', async () => {
    answer();
    const viewer = verifyData({
      modules: permissionsOf('Area Manager').map((m) =>
        m.id === 'audit' ? { ...m, capabilities: ['read'] } : m,
      ),
    });
    renderRoute('/audit/task?open=31&submission=501', viewer);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Finished at Sydney CBD')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve selected/ })).toBeNull();
  });
});

const storeRow: AuditStoreRow = {
  id: 77,
  name: 'Parramatta',
  parent_path: 'New South Wales / Sydney Metro',
  waiting: 3,
  approved: 0,
  rejected: 2,
  oldest_waiting_at: new Date(Date.now() - 3 * 24 * 3600_000).toISOString(),
};

/** The photo endpoints, noting which variant of which photo each request asked for. */
const photoFiles = (asked: string[]) =>
  (['download', 'thumbnail'] as const).map((variant) =>
    http.get(`*/api/task/attachments/${variant}`, ({ request }) => {
      asked.push(`${variant} ${new URL(request.url).searchParams.get('hash')?.[0]}`);
      return new HttpResponse('img', { headers: { 'content-type': 'image/webp' } });
    }),
  );

const photo = (hash: string, name: string) => ({
  hash,
  name,
  size: 2048,
  mime: 'image/png',
  kind: 'photo' as const,
});

/** A second attempt at Parramatta: two photos, a file, the first attempt sent back. */
function resubmitted(): AuditSubmissionDetail {
  const row: AuditSubmissionRow = {
    ...submission(601, 'Parramatta'),
    task: { id: 32, title: 'Price labels' },
    attempt: 2,
    photos: 2,
    files: 1,
    cover: 'a'.repeat(64),
  };
  const first = {
    id: 600,
    attempt: 1,
    outcome: 'done' as const,
    comment: 'Labels done',
    reason: null,
    checklist: [true, false],
    attachments: [photo('c'.repeat(64), 'before.png')],
    submitted_by: row.submitted_by,
    submitted_at: '2030-03-03T05:00:00.000Z',
    review: {
      decision: 'rejected' as const,
      reason: 'Aisle 4 still shows last week’s price',
      reviewed_by: { id: 3, name: 'Alex Area' },
      reviewed_at: '2030-03-03T07:00:00.000Z',
      attachment: 'c'.repeat(64),
    },
  };
  return {
    submission: row,
    task: {
      id: 32,
      title: 'Price labels',
      description: '<p>Relabel aisles 3 and 4.</p>',
      type: TYPES.task,
      checklist: ['Aisle 3', 'Aisle 4'],
      attachments: [],
    },
    history: [
      first,
      {
        ...first,
        id: 601,
        attempt: 2,
        comment: 'Relabelled aisle 4',
        checklist: [true, true],
        attachments: [
          photo('a'.repeat(64), 'aisle-3.png'),
          photo('b'.repeat(64), 'aisle-4.png'),
          {
            hash: 'd'.repeat(64),
            name: 'price-list.pdf',
            size: 9000,
            mime: 'application/pdf',
            kind: 'document',
          },
        ],
        submitted_at: row.submitted_at,
        review: null,
      },
    ],
    can_review: true,
    review_blocked: null,
  };
}

describe('Audit By Store', () => {
  beforeEach(() => {
    // jsdom has no object URLs; the photos only need an address to show.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('titles the page with the tenant’s term, shows a store’s waiting work and reviews it with J and K', async () => {
    const calls = answer();
    const lists: URLSearchParams[] = [];
    const photosAsked: string[] = [];
    const detail = resubmitted();
    server.use(
      http.get('*/api/audit/store/list', ({ request }) => {
        calls.queues.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          status: 200,
          data: { data: [storeRow], total: 1, page: 1, per_page: 25 },
        });
      }),
      http.get('*/api/audit/submission/list', ({ request }) => {
        lists.push(new URL(request.url).searchParams);
        const rows = [
          detail.submission,
          { ...submission(602, 'Parramatta'), task: { id: 33, title: 'Bakery shelf' } },
        ];
        return HttpResponse.json({ status: 200, data: { data: rows, total: 2, page: 1, per_page: 100 } });
      }),
      http.get('*/api/audit/submission/get', ({ request }) => {
        const id = Number(new URL(request.url).searchParams.get('id'));
        if (id === 601) return HttpResponse.json({ status: 200, data: detail });
        const other = detailOf({
          ...submission(602, 'Parramatta'),
          task: { id: 33, title: 'Bakery shelf' },
        });
        return HttpResponse.json({ status: 200, data: other });
      }),
      ...photoFiles(photosAsked),
    );
    renderRoute('/audit/store?type=2', areaManager());
    await waitFor(() => expect(document.title).toMatch(/Audit By Store/));
    const row = await screen.findByText('Parramatta');
    expect(screen.getByText('New South Wales / Sydney Metro')).toBeTruthy();
    expect(screen.getByText('3 d')).toBeTruthy();

    await userEvent.click(row);
    await waitFor(() => expect(lists.at(-1)?.get('workspace_id')).toBe('77'));
    // The list keeps the queue's filters: it shows what the line counted.
    expect(lists.at(-1)!.get('type_id')).toBe('2');
    const list = await screen.findByRole('region', { name: 'Parramatta' });
    await userEvent.click(await within(list).findByText('Price labels'));

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Relabelled aisle 4')).toBeTruthy();
    expect(within(dialog).getByText('Relabel aisles 3 and 4.')).toBeTruthy();
    expect(within(dialog).getByText('Attempt 2')).toBeTruthy();
    expect(within(dialog).getByText('price-list.pdf')).toBeTruthy();
    // The earlier attempt with the reason it came back.
    expect(within(dialog).getByText(/Aisle 4 still shows last week’s price/)).toBeTruthy();

    // The grid shows the server's thumbnails; a photo opens full screen as itself.
    await waitFor(() => expect(photosAsked).toEqual(expect.arrayContaining(['thumbnail a', 'thumbnail b'])));
    expect(photosAsked.filter((asked) => asked.startsWith('download'))).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: /aisle-4\.png/ }));
    const zoom = await screen.findByRole('dialog', { name: 'aisle-4.png' });
    expect(await within(zoom).findByRole('img', { name: 'aisle-4.png' })).toBeTruthy();
    expect(photosAsked).toContain('download b');
    expect(within(zoom).getByText('2 of 2')).toBeTruthy();
    await userEvent.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    expect(within(zoom).getByRole('button', { name: 'Fit to the screen' })).toBeEnabled();
    // ← moves to the other photo of the same attempt, fitted again.
    await userEvent.keyboard('{ArrowLeft}');
    const previous = await screen.findByRole('dialog', { name: 'aisle-3.png' });
    expect(within(previous).getByRole('button', { name: 'Fit to the screen' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'aisle-3.png' })).toBeNull());
    // The first attempt's photo the reason pointed at is marked.
    await screen.findByRole('dialog', { name: 'Price labels' });
    expect(within(dialog).getByRole('button', { name: /before\.png/ })).toHaveAttribute(
      'data-pinned',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: /aisle-3\.png/ })).not.toHaveAttribute('data-pinned');

    // J: the next in the list; K: back.
    await userEvent.keyboard('j');
    // (detailOf answers with the task's instructions of the window display.)
    expect(await screen.findByRole('dialog', { name: 'Window display' })).toBeTruthy();
    await expectPath('/audit/store', '?type=2&open=77&submission=602');
    await userEvent.keyboard('k');
    expect(await screen.findByRole('dialog', { name: 'Price labels' })).toBeTruthy();
  });

  it('sends back with a reason pinned to one of the photos', async () => {
    const calls = answer();
    const detail = resubmitted();
    server.use(
      http.get('*/api/audit/store/list', () =>
        HttpResponse.json({ status: 200, data: { data: [storeRow], total: 1, page: 1, per_page: 25 } }),
      ),
      http.get('*/api/audit/submission/list', () =>
        HttpResponse.json({
          status: 200,
          data: { data: [detail.submission], total: 1, page: 1, per_page: 100 },
        }),
      ),
      http.get('*/api/audit/submission/get', () => HttpResponse.json({ status: 200, data: detail })),
      ...photoFiles([]),
    );
    renderRoute('/audit/store?open=77&submission=601', areaManager());
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Relabelled aisle 4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    const reject = await screen.findByRole('dialog', { name: 'Send back for another try' });
    await userEvent.type(within(reject).getByRole('textbox', { name: /What needs fixing/ }), 'Label hidden');
    await userEvent.click(within(reject).getByRole('button', { name: 'aisle-4.png' }));
    await userEvent.click(within(reject).getByRole('button', { name: 'Send back' }));
    await waitFor(() =>
      expect(calls.rejected).toEqual([{ id: 601, reason: 'Label hidden', attachment: 'b'.repeat(64) }]),
    );
  });
});

describe('after a rejection', () => {
  it('shows the store the reason on its card in My Tasks', async () => {
    server.use(
      departmentList,
      http.get('*/api/user/task/date', () =>
        HttpResponse.json({
          status: 200,
          data: {
            data: [
              group(TYPES.task, [
                card({ status: 'rejected', attempt: 2, rejection_reason: 'The top shelf is empty' }),
              ]),
            ],
          },
        }),
      ),
    );
    renderRoute('/task?date=2030-03-04', verifyData());
    const shown = await screen.findByTestId('task-card-rejection');
    expect(shown.textContent).toBe('Sent back: The top shelf is empty');
  });
});

describe('an action to follow a submission up (issue 49)', () => {
  const cannotDo = () => {
    const detail = detailOf(submission(501, 'Sydney CBD'));
    detail.history[0] = {
      ...detail.history[0]!,
      outcome: 'cannot_do',
      comment: '',
      reason: 'The shelf is broken',
    };
    server.use(
      http.get('*/api/audit/submission/get', () => HttpResponse.json({ status: 200, data: detail })),
    );
  };

  it('is offered on a submission the store could not do, for its assignment', async () => {
    answer();
    cannotDo();
    renderRoute('/audit/task?open=31&submission=501', areaManager());
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Could not be done: The shelf is broken')).toBeTruthy();
    const create = await within(dialog).findByRole('link', { name: 'Create action: Window display' });
    expect(create).toHaveTextContent('Create action');
    expect(create).toHaveAttribute('href', '/task/action/create?assignment_id=1501');
  });

  it('is not offered without action.create', async () => {
    answer();
    cannotDo();
    const noActions = verifyData({
      ...areaManager(),
      modules: permissionsOf('Area Manager').filter((m) => m.id !== 'action'),
    });
    renderRoute('/audit/task?open=31&submission=501', noActions);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Could not be done: The shelf is broken')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: /^Create action/ })).toBeNull();
  });

  it('after a send-back, stays offered for the one sent back while the next opens, until the reviewer moves on', async () => {
    const calls = answer();
    renderRoute('/audit/task?open=31&submission=501', areaManager());
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Finished at Sydney CBD');
    // Waiting work done: nothing to follow up yet.
    expect(within(dialog).queryByRole('link', { name: /^Create action/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    const reject = await screen.findByRole('dialog', { name: 'Send back for another try' });
    await userEvent.type(
      within(reject).getByRole('textbox', { name: /What needs fixing/ }),
      'Price tags missing',
    );
    await userEvent.click(within(reject).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(calls.rejected).toHaveLength(1));
    expect(await screen.findByText('Finished at Parramatta')).toBeTruthy();
    const offer = screen.getByTestId('sent-back-offer');
    expect(offer).toHaveTextContent('“Window display” was sent back.');
    expect(within(offer).getByRole('link', { name: 'Create action: Window display' })).toHaveAttribute(
      'href',
      '/task/action/create?assignment_id=1501',
    );
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.queryByTestId('sent-back-offer')).toBeNull());
  });
});
