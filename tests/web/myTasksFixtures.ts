import { HttpResponse, http } from 'msw';
import type { MyTaskCard, MyTaskDetail, MyTaskGroup, MyTaskType } from '../../contract/api/mytasks';

/** Builders for the My Tasks answers (contract/api/mytasks.ts), as the server sends them. */

export const TYPES = {
  urgent: {
    id: 1,
    name: 'Urgent',
    colour: '#c62828',
    secondary_colour: '#ffffff',
    icon: 'PriorityHigh',
    sort_order: 1,
    kind: 'urgent',
  },
  task: {
    id: 2,
    name: 'Task',
    colour: '#1565c0',
    secondary_colour: '#ffffff',
    icon: 'Assignment',
    sort_order: 2,
    kind: 'task',
  },
  communication: {
    id: 3,
    name: 'Communication',
    colour: '#2e7d32',
    secondary_colour: '#ffffff',
    icon: 'Campaign',
    sort_order: 3,
    kind: 'communication',
  },
} satisfies Record<string, MyTaskType>;

export function card(overrides: Partial<MyTaskCard> = {}): MyTaskCard {
  return {
    assignment_id: 101,
    task_id: 10,
    title: 'Check the fire exits',
    type_id: TYPES.task.id,
    status: 'open',
    done: false,
    occurrence_date: '2030-03-04',
    start_at: '2030-03-03T22:00:00.000Z',
    // 17:00 in Sydney (UTC+11 in March).
    due_at: '2030-03-04T06:00:00.000Z',
    expires_at: null,
    overdue: false,
    expired: false,
    workspace: { id: 5, name: 'Sydney CBD', timezone: 'Australia/Sydney' },
    department: null,
    estimated_minutes: null,
    checklist: { total: 0, done: 0 },
    evidence: { comment: false, photos: 0, files: 0, checklist: 0 },
    approval: false,
    attempt: 1,
    rejection_reason: null,
    form: null,
    acknowledgement: null,
    ...overrides,
  };
}

export const group = (type: MyTaskType, tasks: MyTaskCard[]): MyTaskGroup => ({ type, tasks });

export function detail(assignment: MyTaskCard, overrides: Partial<MyTaskDetail['task']> = {}): MyTaskDetail {
  const type = Object.values(TYPES).find((t) => t.id === assignment.type_id) ?? TYPES.task;
  return {
    task: {
      id: assignment.task_id,
      title: assignment.title,
      description: '<p>Walk every exit and <strong>clear</strong> it.</p>',
      type,
      checklist: [],
      attachments: [],
      ...overrides,
    },
    assignment,
    submissions: [],
  };
}

export const DEPARTMENTS = [
  { id: 4, name: 'Bakery', description: '', colour: '#8d6e63' },
  { id: 6, name: 'Produce', description: '', colour: '#43a047' },
];

export const departmentList = http.get('*/api/department/list', () =>
  HttpResponse.json({
    status: 200,
    data: { data: DEPARTMENTS, total: DEPARTMENTS.length, page: 1, per_page: 500 },
  }),
);

/** The filter bar's lists of the review and report screens: the departments, no task types, no tree. */
export const filterLists = [
  departmentList,
  http.get('*/api/task/types/list', () => HttpResponse.json({ status: 200, data: { data: [] } })),
  http.get('*/api/hierarchy/tree/fetch', () => HttpResponse.json({ status: 200, data: [] })),
];

/** A store with nothing to do: the calls My Tasks makes, answered empty. */
export const emptyMyTasks = [
  departmentList,
  http.get('*/api/user/task/date', () => HttpResponse.json({ status: 200, data: { data: [] } })),
  http.get('*/api/user/task/search', () => HttpResponse.json({ status: 200, data: { data: [] } })),
  http.get('*/api/user/task/get', () =>
    HttpResponse.json({ status: 404, message: 'Task not found' }, { status: 404 }),
  ),
];
