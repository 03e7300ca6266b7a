import { HttpResponse, http } from 'msw';
import type { Action, ActionEvent, ActionRow } from '../../contract/api/actions';
import { acmeTree, permissionsOf, position, verifyData } from './fixtures';
import { hashOf } from './inspectionFixtures';
import { server } from './msw';

const SYDNEY = { id: 5, name: 'Sydney CBD', timezone: 'Australia/Sydney' };

/** One step of the history; override what the test is about. */
export const eventOf = (overrides: Partial<ActionEvent> = {}): ActionEvent => ({
  id: 1,
  kind: 'created',
  user: { id: 7, name: 'Alex Area' },
  at: '2030-03-04T01:00:00.000Z',
  comment: '',
  photos: [],
  from_status: null,
  to_status: null,
  ...overrides,
});

/**
 * Broken shelf labels at Sydney CBD, raised from a failed inspection item and started by the store:
 * its history has the raising, the start, a comment with a photo, and Storeline's escalation.
 */
export const actionOf = (overrides: Partial<Action> = {}): Action => ({
  id: 12,
  title: 'Price labels missing in aisle 4',
  priority: 'high',
  status: 'in_progress',
  due_date: '2030-03-06',
  store: SYDNEY,
  assignee: null,
  created_by: { id: 7, name: 'Alex Area' },
  created_at: '2030-03-04T01:00:00.000Z',
  updated_at: '2030-03-05T01:00:00.000Z',
  closed_at: null,
  overdue: true,
  escalated_at: '2030-03-07T00:00:00.000Z',
  source: 'inspection',
  description: 'Every shelf of aisle 4 needs its labels back.',
  photos: [],
  inspection_item: {
    inspection_id: 77,
    template: 'Store visit',
    question_id: 'q3',
    section: 'Front of store',
    prompt: 'Are prices shown on every shelf?',
    answer: { value: 'no', comment: 'Aisle 4 has no labels', photos: [hashOf('c')] },
  },
  assignment: null,
  closed_by: null,
  events: [
    eventOf(),
    eventOf({
      id: 2,
      kind: 'status',
      user: { id: 9, name: 'Sam Store' },
      at: '2030-03-05T01:00:00.000Z',
      from_status: 'open',
      to_status: 'in_progress',
    }),
    eventOf({
      id: 3,
      kind: 'comment',
      user: { id: 9, name: 'Sam Store' },
      at: '2030-03-05T02:00:00.000Z',
      comment: 'Labels ordered',
      photos: [hashOf('d')],
    }),
    eventOf({ id: 4, kind: 'escalated', user: null, at: '2030-03-07T00:00:00.000Z' }),
  ],
  can: { work: true, update: false, delete: false },
  ...overrides,
});

export const rowOf = (action: Action): ActionRow => {
  const {
    description: _d,
    photos: _p,
    inspection_item: _i,
    assignment: _a,
    closed_by: _c,
    events: _e,
    can: _can,
    ...row
  } = action;
  return row;
};

/** The store manager of Sydney CBD: raises, works, closes and reopens its actions. */
export const storeManager = () =>
  verifyData({
    username: 'store@acme.test',
    position_list: [position({ role_name: 'Store Manager' })],
    modules: permissionsOf('Store Manager'),
  });

/** What the action screens ask around them: the tree, the thumbnails and who may be assigned. */
const surroundings = [
  http.get('*/api/hierarchy/tree/fetch', () => HttpResponse.json({ status: 200, data: acmeTree() })),
  // Three bytes a photo (jsdom's Blob is not undici's, so bytes, not a Blob).
  http.get('*/api/task/attachments/thumbnail', () =>
    HttpResponse.arrayBuffer(new Uint8Array([137, 80, 78]).buffer, {
      headers: { 'Content-Type': 'image/png' },
    }),
  ),
  http.get('*/api/action/assignees', () =>
    HttpResponse.json({ status: 200, data: { data: [{ id: 9, name: 'Sam Store' }] } }),
  ),
];

/** The list answers these rows to every query; the queries are kept, latest last. */
export function serveList(actions: Action[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    ...surroundings,
    http.get('*/api/action/list', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        status: 200,
        data: { data: actions.map(rowOf), total: actions.length, page: 1, per_page: 25 },
      });
    }),
  );
  return queries;
}

/** What the detail screen sent: its steps (PUT /status, /close, /reopen) and comments, and its uploads. */
export interface ActionCalls {
  steps: { path: string; body: Record<string, unknown> }[];
  uploads: number;
}

/** One action read by id; each step answers it moved on as the server would, and is kept. */
export function serveAction(start: Action): ActionCalls {
  const calls: ActionCalls = { steps: [], uploads: 0 };
  let current = start;
  const step =
    (path: string, next: (body: Record<string, unknown>) => Partial<Action>) =>
    async ({ request }: { request: Request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.steps.push({ path, body });
      current = { ...current, ...next(body) };
      return HttpResponse.json({ status: 200, data: current });
    };
  server.use(
    ...surroundings,
    http.get('*/api/action/get', () => HttpResponse.json({ status: 200, data: current })),
    http.put(
      '*/api/action/status',
      step('status', (b) => ({ status: b.status as Action['status'] })),
    ),
    http.put(
      '*/api/action/close',
      step('close', () => ({ closed_at: '2030-03-08T00:00:00.000Z' })),
    ),
    http.put(
      '*/api/action/reopen',
      step('reopen', () => ({ status: 'open', closed_at: null })),
    ),
    http.post(
      '*/api/action/comment',
      step('comment', () => ({})),
    ),
    // Answered without reading the body (see myTasksCompletion.test.tsx).
    http.post('*/api/user/task/upload', () => {
      calls.uploads += 1;
      return HttpResponse.json({
        status: 200,
        data: { hash: hashOf('e'), name: 'fixed.png', size: 3, mime: 'image/png' },
      });
    }),
  );
  return calls;
}
