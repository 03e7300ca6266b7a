import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaskCreateBody, TaskPreview } from '../../contract/api/tasks';
import { formatDayKey } from '../../src/providers/zonedTime';
import { localToday } from '../../src/resources/tasks/taskForm';
import type { DatePattern } from '../../src/session/timezone';
import { acmeTree, adminVerify, resetBrowserState } from './fixtures';
import { server } from './msw';
import { departmentList, TYPES } from './myTasksFixtures';
import { parts, pickerField, profileZone, shown, typeInto } from './pickers';
import { renderRoute, setViewportWidth } from './renderApp';

/*
 * Issue 26 item 7: the task form's dates and times read and are typed in the session's pattern
 * (spec §3: DD/MM/YYYY in the UK, MM/DD/YYYY with a 12-hour clock in the US), and the API still
 * receives YYYY-MM-DD and 24-hour HH:mm.
 */

const tree = acmeTree();

const author = (zone: string) =>
  adminVerify({
    hierarchy: tree,
    ...profileZone(zone),
  });

const preview: TaskPreview = {
  stores: 1,
  people: 4,
  first_date: '2031-03-15',
  workspaces: [{ node_id: 5, name: 'Sydney CBD', identifier: null, timezone: 'Australia/Sydney', people: 4 }],
  clock_changes: [],
  busiest: null,
};

let created: TaskCreateBody | undefined;

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
  created = undefined;
  server.use(
    departmentList,
    http.get('*/api/task/types/list', () =>
      HttpResponse.json({ status: 200, data: { data: [TYPES.task, TYPES.urgent] } }),
    ),
    http.get('*/api/hierarchy/tree/fetch', () => HttpResponse.json({ status: 200, data: tree })),
    http.post('*/api/admin/task/preview', () => HttpResponse.json({ status: 200, data: preview })),
    http.post('*/api/admin/task/create', async ({ request }) => {
      created = (await request.json()) as TaskCreateBody;
      // Refused, so the form stays where it is: this file is about what was sent.
      return HttpResponse.json({ status: 400, message: 'Not saved in this test' }, { status: 400 });
    }),
  );
});

/** Writes the parts of the form that are not about dates, so it can be saved. */
async function fillTheRest(): Promise<void> {
  await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Recount the safe');
  await userEvent.click(screen.getByRole('combobox', { name: /areas that receive it/ }));
  await userEvent.click(await screen.findByRole('option', { name: /Sydney CBD/ }));
  await userEvent.keyboard('{Escape}');
}

async function saveDraft(): Promise<TaskCreateBody> {
  await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(created).toBeDefined());
  return created!;
}

/** How a session writes dates and times. */
interface SessionPattern {
  zone: string;
  date: DatePattern;
  dateParts: string[];
  timeParts: string[];
  /** A new task's start and due times (09:00 and 17:00) as the session shows them. */
  shownTimes: [string, string];
  /** Start date, start time, due date and due time of TYPED, as typed in the session's pattern. */
  keys: [string, string, string, string];
}

/** What the API receives for the dates typed in either session: the same strings. */
const TYPED = { start_date: '2031-03-15', start_time: '07:05', due_date: '2031-03-16', due_time: '17:30' };

/**
 * Opens a new task in the session, checks its dates and times read in the session's pattern
 * (a new task starts today), then types TYPED in that pattern.
 */
async function typeTheDates(
  pattern: SessionPattern,
): Promise<{ start: HTMLElement; startTime: HTMLElement }> {
  renderRoute('/task/management/create', author(pattern.zone));
  const start = await screen.findByRole('group', { name: 'Start date' });
  expect(shown(start)).toBe(formatDayKey(localToday(), pattern.date));
  expect(parts(start)).toEqual(pattern.dateParts);
  const startTime = pickerField('Start time');
  expect(shown(startTime)).toBe(pattern.shownTimes[0]);
  expect(parts(startTime)).toEqual(pattern.timeParts);
  expect(shown(pickerField('Due time'))).toBe(pattern.shownTimes[1]);

  await fillTheRest();
  const [startDay, startAt, dueDay, dueAt] = pattern.keys;
  await typeInto(start, startDay);
  await typeInto(startTime, startAt);
  await typeInto(pickerField('Due date'), dueDay);
  await typeInto(pickerField('Due time'), dueAt);
  return { start, startTime };
}

describe('the task form’s dates and times', () => {
  it('reads DD/MM/YYYY and a 24-hour clock in a UK session, and sends YYYY-MM-DD and HH:mm', async () => {
    const { start, startTime } = await typeTheDates({
      zone: 'Europe/London',
      date: 'DD/MM/YYYY',
      dateParts: ['Day', 'Month', 'Year'],
      timeParts: ['Hours', 'Minutes'],
      shownTimes: ['09:00', '17:00'],
      keys: ['15032031', '0705', '16032031', '1730'],
    });
    expect(shown(start)).toBe('15/03/2031');
    expect(shown(startTime)).toBe('07:05');

    // A daily task that ends on a date: the last date is typed the same way.
    await userEvent.click(screen.getByRole('combobox', { name: /^Repeats/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Daily' }));
    await userEvent.click(screen.getByRole('radio', { name: 'On a date' }));
    const until = await screen.findByRole('group', { name: /^Last date/ });
    expect(parts(until)).toEqual(['Day', 'Month', 'Year']);
    await typeInto(until, '30042031');

    const body = await saveDraft();
    expect(body).toMatchObject({
      ...TYPED,
      recurrence: { freq: 'daily', interval: 1, until: '2031-04-30' },
    });
  });

  it('reads MM/DD/YYYY and a 12-hour clock in a US session, and sends the same strings', async () => {
    const { start } = await typeTheDates({
      zone: 'America/New_York',
      date: 'MM/DD/YYYY',
      dateParts: ['Month', 'Day', 'Year'],
      timeParts: ['Hours', 'Minutes', 'Meridiem'],
      shownTimes: ['9:00 AM', '5:00 PM'],
      keys: ['03152031', '705a', '03162031', '530p'],
    });
    expect(shown(start)).toBe('03/15/2031');
    expect(shown(pickerField('Due time'))).toBe('5:30 PM');

    // The expiry time too is a 12-hour time that travels as 24-hour.
    await userEvent.click(screen.getByRole('combobox', { name: /^Expires/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'At a time on the due day' }));
    await typeInto(await screen.findByRole('group', { name: /^Expiry time/ }), '645p');

    const body = await saveDraft();
    expect(body).toMatchObject({
      ...TYPED,
      expiry: '18:45',
      recurrence: null,
    });
  });

  it('names each hour and minute of the time lists with the text they show', async () => {
    renderRoute('/task/management/create', author('Europe/London'));
    await screen.findByRole('group', { name: 'Start time' });
    await userEvent.click(screen.getAllByRole('button', { name: /^Choose time/ })[0]!);
    expect(await screen.findByRole('option', { name: '09 hours' })).toHaveTextContent(/^09$/);
    expect(screen.getByRole('option', { name: '30 minutes' })).toHaveTextContent(/^30$/);
  });

  it('says an unfinished date is not a date and does not save it', async () => {
    renderRoute('/task/management/create', author('Europe/London'));
    const due = await screen.findByRole('group', { name: 'Due date' });
    await fillTheRest();
    // 31 February: every part typed, but no such day.
    await typeInto(due, '31022031');
    expect(await within(due.parentElement!).findByText('Not a valid date')).toBeInTheDocument();
    // The form holds no due date meanwhile, so nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Check the highlighted fields')).toBeInTheDocument();
    expect(created).toBeUndefined();
  });
});
