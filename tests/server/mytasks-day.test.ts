import { describe, expect, it } from 'vitest';
import type { MyTaskCard, MyTaskGroup, UrgentTask } from '../../contract/api/mytasks';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { localDate, taskBuilder } from './helpers/taskRows';

const t = suiteApp();
const org = organisation(t);
const tasks = taskBuilder(t);

const day = async (as: string, query: Record<string, string | number>) => {
  const res = await t.injectAs(as, { url: '/api/user/task/date', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data as MyTaskGroup[];
};
const cards = (groups: MyTaskGroup[]) => groups.flatMap((g) => g.tasks);
const ids = (groups: MyTaskGroup[]) => cards(groups).map((c) => c.assignment_id);

describe('GET /api/user/task/date', () => {
  it('groups the day by task type in sort order, each group by due time', async () => {
    const note = await tasks.createTask({ title: 'Read the winter roster', kind: 'communication' });
    const late = await tasks.createTask({ title: 'Count the safe', kind: 'task' });
    const early = await tasks.createTask({ title: 'Open the tills', kind: 'task', checklist: ['a', 'b'] });
    const recall = await tasks.createTask({ title: 'Recall batch 42', kind: 'urgent', evidencePhotos: 1 });
    const date = '2031-02-03';
    const a1 = await tasks.assign(note.id, 'Sydney CBD', { date, due: '12:00' });
    const a2 = await tasks.assign(late.id, 'Sydney CBD', { date, start: '08:00', due: '18:00' });
    const a3 = await tasks.assign(early.id, 'Sydney CBD', { date, start: '07:00', due: '10:00' });
    const a4 = await tasks.assign(recall.id, 'Sydney CBD', { date, due: '20:00' });

    const groups = await day(STAFF, { datetime: date, timezone: SYDNEY });
    expect(groups.map((g) => g.type.name)).toEqual(['Urgent', 'Task', 'Communication']);
    expect(groups.map((g) => g.type.sort_order)).toEqual([1, 2, 3]);
    expect(groups[0]!.type).toMatchObject({
      colour: '#d32f2f',
      secondary_colour: '#fdecea',
      icon: 'PriorityHigh',
    });
    expect(groups.map((g) => g.tasks.map((c) => c.assignment_id))).toEqual([
      [a4.id],
      [a3.id, a2.id],
      [a1.id],
    ]);

    const open = groups[1]!.tasks[0]!;
    expect(open).toMatchObject({
      task_id: early.id,
      title: 'Open the tills',
      status: 'open',
      done: false,
      overdue: false,
      expired: false,
      occurrence_date: date,
      start_at: '2031-02-02T20:00:00.000Z', // 07:00 AEDT
      due_at: '2031-02-02T23:00:00.000Z',
      workspace: { name: 'Sydney CBD' },
      department: null,
      checklist: { total: 2, done: 0 },
      evidence: { comment: false, photos: 0, files: 0, checklist: 2 },
      attempt: 1,
      rejection_reason: null,
      acknowledgement: null,
    });
  });

  it('filters by department', async () => {
    const [dept] = (await t.injectAs('owner@acme.test', { url: '/api/department/list' })).json().data.data;
    const bakery = await tasks.createTask({ title: 'Bake the rolls', departmentId: dept.id });
    const other = await tasks.createTask({ title: 'Sweep the floor' });
    const date = '2031-02-10';
    const a1 = await tasks.assign(bakery.id, 'Sydney CBD', { date });
    const a2 = await tasks.assign(other.id, 'Sydney CBD', { date });
    expect(ids(await day(STAFF, { datetime: date, timezone: SYDNEY }))).toEqual([a1.id, a2.id]);
    const filtered = cards(await day(STAFF, { datetime: date, timezone: SYDNEY, department: dept.id }));
    expect(filtered.map((c) => c.assignment_id)).toEqual([a1.id]);
    expect(filtered[0]!.department).toEqual({ id: dept.id, name: dept.name, colour: dept.colour });
  });

  it('answers for the local day of the browser, across zones and the end of daylight saving', async () => {
    // Sydney leaves daylight saving at 03:00 on Sunday 6 April 2031 (UTC+11 → UTC+10).
    const task = await tasks.createTask({ title: 'Change the clocks' });
    const sunday = await tasks.assign(task.id, 'Sydney CBD', {
      date: '2031-04-06',
      start: '09:00',
      due: '17:00',
    });
    const saturday = await tasks.assign(task.id, 'Sydney CBD', {
      date: '2031-04-05',
      start: '09:00',
      due: '17:00',
    });
    const sundayCard = cards(await day(STAFF, { datetime: '2031-04-06', timezone: SYDNEY }));
    expect(sundayCard.map((c) => c.assignment_id)).toEqual([sunday.id]);
    expect(sundayCard[0]).toMatchObject({
      start_at: '2031-04-05T23:00:00.000Z',
      due_at: '2031-04-06T07:00:00.000Z',
    });
    const saturdayCard = cards(await day(STAFF, { datetime: '2031-04-05', timezone: SYDNEY }));
    expect(saturdayCard[0]).toMatchObject({
      start_at: '2031-04-04T22:00:00.000Z',
      due_at: '2031-04-05T06:00:00.000Z',
    });
    expect(saturdayCard.map((c) => c.assignment_id)).toEqual([saturday.id]);

    // In Los Angeles (UTC-7) each Sydney day's 09:00–17:00 is the afternoon and evening before.
    const la = 'America/Los_Angeles';
    expect(ids(await day(STAFF, { datetime: '2031-04-04', timezone: la }))).toEqual([saturday.id]);
    expect(ids(await day(STAFF, { datetime: '2031-04-05', timezone: la }))).toEqual([sunday.id]);
    expect(ids(await day(STAFF, { datetime: '2031-04-06', timezone: la }))).toEqual([]);

    // The same day as unix seconds and as an instant with an offset.
    const noonSunday = Date.UTC(2031, 3, 6, 2) / 1000; // 12:00 in Sydney
    expect(ids(await day(STAFF, { datetime: String(noonSunday), timezone: SYDNEY }))).toEqual([sunday.id]);
    expect(ids(await day(STAFF, { datetime: '2031-04-06T01:30:00+10:00', timezone: SYDNEY }))).toEqual([
      sunday.id,
    ]);
    expect(ids(await day(STAFF, { datetime: '2031-04-06T01:30:00+10:00', timezone: 'UTC' }))).toEqual([
      saturday.id,
      sunday.id,
    ]);
  });

  it('applies each store’s own zone: 17:00 in Broken Hill is half an hour after 17:00 in Sydney', async () => {
    const task = await tasks.createTask({ title: 'Close the registers' });
    const sydney = await tasks.assign(task.id, 'Sydney CBD', { date: '2031-05-05' });
    const brokenHill = await tasks.assign(task.id, 'Broken Hill', { date: '2031-05-05' });
    expect(new Date(brokenHill.dueAt).getTime() - new Date(sydney.dueAt).getTime()).toBe(30 * 60_000);
    const owner = cards(await day('owner@acme.test', { datetime: '2031-05-05', timezone: SYDNEY }));
    const mine = owner.filter((c) => c.task_id === task.id);
    expect(mine.map((c) => c.workspace.name).sort()).toEqual(['Broken Hill', 'Sydney CBD']);
  });

  it('flags overdue and expired work by its own times', async () => {
    const yesterday = localDate(SYDNEY, -1);
    const late = await tasks.createTask({ title: 'Late delivery check' });
    const gone = await tasks.createTask({ title: 'Yesterday’s flyer' });
    const fine = await tasks.createTask({ title: 'Already done' });
    const a1 = await tasks.assign(late.id, 'Sydney CBD', { date: yesterday, start: '08:00', due: '09:00' });
    const a2 = await tasks.assign(gone.id, 'Sydney CBD', {
      date: yesterday,
      start: '08:00',
      due: '09:00',
      expiry: '10:00',
    });
    const a3 = await tasks.assign(fine.id, 'Sydney CBD', { date: yesterday, due: '09:00', status: 'done' });
    const byId = new Map(
      cards(await day(STAFF, { datetime: yesterday, timezone: SYDNEY })).map((c) => [c.assignment_id, c]),
    );
    expect(byId.get(a1.id)).toMatchObject({ overdue: true, expired: false, done: false });
    expect(byId.get(a2.id)).toMatchObject({ overdue: false, expired: true, done: false });
    expect(byId.get(a3.id)).toMatchObject({ overdue: false, expired: false, done: true, status: 'done' });
  });

  it('shows a store user only their store, and an area manager every store of the area', async () => {
    const task = await tasks.createTask({ title: 'Face up the shelves' });
    const date = '2031-06-02';
    const cbd = await tasks.assign(task.id, 'Sydney CBD', { date });
    const parramatta = await tasks.assign(task.id, 'Parramatta', { date });
    await tasks.assign(task.id, 'Newcastle', { date });
    const staff = cards(await day(STAFF, { datetime: date, timezone: SYDNEY }));
    expect(staff.map((c) => c.assignment_id)).toEqual([cbd.id]);
    const area = cards(await day(AREA, { datetime: date, timezone: SYDNEY }));
    expect(area.map((c) => c.assignment_id).sort()).toEqual([cbd.id, parramatta.id].sort());
    // Cancelled work leaves the list.
    await tasks.setStatus(cbd.id, 'cancelled');
    expect(ids(await day(STAFF, { datetime: date, timezone: SYDNEY }))).toEqual([]);
  });

  it('answers 400 for a time zone or date it cannot read, 401 without a session, 403 without My Tasks', async () => {
    const bad = await t.injectAs(STAFF, {
      url: '/api/user/task/date',
      query: { datetime: '2031-01-01', timezone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('timezone');
    for (const datetime of ['yesterday', '2031-02-30', '03/04/2031']) {
      const res = await t.injectAs(STAFF, {
        url: '/api/user/task/date',
        query: { datetime, timezone: SYDNEY },
      });
      expect(res.statusCode, datetime).toBe(400);
      expect(res.json().errors).toHaveProperty('datetime');
    }
    const missing = await t.injectAs(STAFF, { url: '/api/user/task/date', query: { timezone: SYDNEY } });
    expect(missing.statusCode).toBe(400);

    const anonymous = await t.inject({
      url: '/api/user/task/date',
      query: { datetime: '2031-01-01', timezone: SYDNEY },
    });
    expect(anonymous.statusCode).toBe(401);

    const { roles } = await import('../../server/db/schema');
    await t.database.db.insert(roles).values({ tenantId: await org.tenantId(), name: 'Visitor' });
    await org.addUser('visitor@acme.test', 'Sydney CBD', 'Visitor');
    for (const url of ['/api/user/task/date', '/api/user/task/urgent', '/api/user/task/search']) {
      const res = await t.injectAs('visitor@acme.test', {
        url,
        query: { datetime: '1900000000', timezone: SYDNEY, search_key: 'x' },
      });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/user/task/urgent', () => {
  const urgent = async (as: string) => {
    const res = await t.injectAs(as, {
      url: '/api/user/task/urgent',
      query: { datetime: String(Math.floor(Date.now() / 1000)), timezone: SYDNEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data as UrgentTask[];
  };

  it('lists today’s urgent work and what is overdue, status false until completed', async () => {
    const today = localDate(SYDNEY);
    const lastWeek = localDate(SYDNEY, -7);
    const recall = await tasks.createTask({ title: 'Recall: peanut bars', kind: 'urgent' });
    const routine = await tasks.createTask({ title: 'Routine', kind: 'task' });
    const open = await tasks.assign(recall.id, 'Sydney CBD', { date: today, start: '00:00', due: '23:59' });
    const overdue = await tasks.assign(recall.id, 'Sydney CBD', { date: lastWeek });
    const doneTomorrow = await tasks.assign(recall.id, 'Sydney CBD', {
      date: localDate(SYDNEY, 1),
      status: 'done',
    });
    const submitted = await tasks.assign(recall.id, 'Sydney CBD', {
      date: localDate(SYDNEY, -2),
      status: 'submitted',
    });
    const expired = await tasks.assign(recall.id, 'Sydney CBD', {
      date: localDate(SYDNEY, -3),
      expiry: '18:00',
    });
    const cancelled = await tasks.assign(recall.id, 'Sydney CBD', {
      date: localDate(SYDNEY, -4),
      status: 'cancelled',
    });
    const elsewhere = await tasks.assign(recall.id, 'Parramatta', {
      date: today,
      start: '00:00',
      due: '23:59',
    });
    const notUrgent = await tasks.assign(routine.id, 'Sydney CBD', {
      date: today,
      start: '00:00',
      due: '23:59',
    });

    const mine = (await urgent(STAFF)).filter((u) => u.task_id === recall.id || u.task_id === routine.id);
    expect(mine.map((u) => [u.assignment_id, u.status])).toEqual([
      [overdue.id, false],
      [open.id, false],
    ]);
    expect(mine[1]).toMatchObject({
      title: 'Recall: peanut bars',
      due_at: new Date(open.dueAt).toISOString(),
    });
    const listed = mine.map((u) => u.assignment_id);
    for (const hidden of [doneTomorrow, submitted, expired, cancelled, elsewhere, notUrgent])
      expect(listed).not.toContain(hidden.id);

    // Completed today: still listed, now with status true, so the modal's count drops.
    await tasks.setStatus(open.id, 'done');
    const after = (await urgent(STAFF)).filter((u) => u.task_id === recall.id);
    expect(after.map((u) => [u.assignment_id, u.status])).toEqual([
      [overdue.id, false],
      [open.id, true],
    ]);
    expect(mine.every((u) => u.workspace.name === 'Sydney CBD')).toBe(true);
  });

  it('is the caller’s own urgent work: none for area and head-office people, whose stores have some (spec §4)', async () => {
    const recall = await tasks.createTask({ title: 'Recall: ice cream', kind: 'urgent' });
    const today = localDate(SYDNEY);
    const cbd = await tasks.assign(recall.id, 'Sydney CBD', { date: today, start: '00:00', due: '23:59' });
    await tasks.assign(recall.id, 'Parramatta', { date: today, start: '00:00', due: '23:59' });

    const ofRecall = (rows: UrgentTask[]) => rows.filter((u) => u.task_id === recall.id);
    expect(ofRecall(await urgent(STAFF)).map((u) => u.assignment_id)).toEqual([cbd.id]);
    expect(ofRecall(await urgent(STORE)).map((u) => u.assignment_id)).toEqual([cbd.id]);
    expect(await urgent(AREA)).toEqual([]);
    expect(await urgent(OWNER)).toEqual([]);
    // Their dashboards still count the urgent work of their stores.
    for (const as of [AREA, OWNER]) {
      const res = await t.injectAs(as, { url: '/api/dashboard/summary', query: { today } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.urgent_open, as).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('GET /api/user/task/search', () => {
  it('finds matching work from 30 days back to 30 days ahead, grouped like the day', async () => {
    const stocktake = await tasks.createTask({ title: 'Quarterly STOCKTAKE 100%' });
    const other = await tasks.createTask({ title: 'Window display' });
    const recent = await tasks.assign(stocktake.id, 'Sydney CBD', { date: localDate(SYDNEY, -20) });
    const soon = await tasks.assign(stocktake.id, 'Sydney CBD', { date: localDate(SYDNEY, 25) });
    const old = await tasks.assign(stocktake.id, 'Sydney CBD', { date: localDate(SYDNEY, -45) });
    const far = await tasks.assign(stocktake.id, 'Sydney CBD', { date: localDate(SYDNEY, 45) });
    await tasks.assign(other.id, 'Sydney CBD', { date: localDate(SYDNEY) });
    const res = await t.injectAs(STAFF, {
      url: '/api/user/task/search',
      query: { search_key: 'stocktake 100%', timezone: SYDNEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().data.data as MyTaskGroup[];
    expect(groups.map((g) => g.type.name)).toEqual(['Task']);
    const found = cards(groups).map((c: MyTaskCard) => c.assignment_id);
    expect(found).toEqual([recent.id, soon.id]);
    expect(found).not.toContain(old.id);
    expect(found).not.toContain(far.id);
    // A wildcard typed by a person is a character, not a pattern.
    const percent = await t.injectAs(STAFF, {
      url: '/api/user/task/search',
      query: { search_key: '%', timezone: SYDNEY },
    });
    expect(cards(percent.json().data.data).map((c) => c.title)).toEqual([
      'Quarterly STOCKTAKE 100%',
      'Quarterly STOCKTAKE 100%',
    ]);
  });
});
