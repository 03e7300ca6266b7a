import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationPage, NotificationPreferences } from '../../contract/api/notifications';
import { notificationPreferences, notifications } from '../../server/db/schema';
import { deliver } from '../../server/modules/notification/deliver';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { onPostgres } from './helpers/target';
import { localDate } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

const GLOBEX = 'owner@globex.test';

const t = suiteApp();
const kit = taskKit(t);

/** A task for Sydney CBD that started at midnight there today and is due tonight. */
const startedToday = async (type: string, title: string) =>
  kit.published(OWNER, {
    title,
    type_id: await kit.typeId(type),
    start_date: localDate(SYDNEY),
    start_time: '00:00',
    due_date: localDate(SYDNEY),
    due_time: '23:59',
    targets: { include: [await kit.nodeId('Sydney CBD')] },
  });

/** The job that tells of a task's first start, as its publishing queued it. */
const startJob = async (id: number) => {
  const [start] = await kit.assignmentsOf(id);
  return {
    kind: 'task.start' as const,
    tenantId: await kit.tenantId(),
    taskId: id,
    startAt: start!.start_at,
  };
};

const list = async (as: string, query: Record<string, string | number> = {}) => {
  const res = await t.injectAs(as, { url: '/api/notification/list', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as NotificationPage;
};
const unread = async (as: string) => {
  const res = await t.injectAs(as, { url: '/api/notification/count' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.unread as number;
};

/** Notices of a task: the usernames told, one entry per notice. */
const toldOf = async (taskId: number) => {
  const rows = await t.database.db.execute(sql`
    SELECT u.username, n.event FROM ${notifications} n
    JOIN users u ON u.tenant_id = n.tenant_id AND u.id = n.user_id
    WHERE n.task_id = ${taskId} ORDER BY u.username`);
  return (rows as unknown as { rows: { username: string; event: string }[] }).rows;
};

/** The enabled people with a position at a store (of a role that may complete tasks there, in the demo: all). */
const peopleAt = async (store: string) => {
  const rows = await t.database.db.execute(sql`
    SELECT DISTINCT u.username FROM positions p
    JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id AND u.enabled
    JOIN hierarchy_nodes n ON n.tenant_id = p.tenant_id AND n.id = p.node_id
    WHERE n.name = ${store} ORDER BY u.username`);
  return (rows as unknown as { rows: { username: string }[] }).rows.map((r) => r.username);
};

describe('a task that starts for a store', () => {
  it('tells everyone at the store once, nobody above it and nobody of another tenant, even when the job runs again', async () => {
    const before = await unread(STAFF);
    const id = await startedToday('Urgent', 'Recall: batch 42 peanut butter');
    // Queued with the publish, delivered by the job.
    expect(await toldOf(id)).toEqual([]);
    await t.app.jobs.drain();

    const told = await toldOf(id);
    const people = await peopleAt('Sydney CBD');
    expect(people).toEqual(expect.arrayContaining([STAFF, STORE]));
    expect(told.map((r) => r.username)).toEqual(people);
    expect(new Set(told.map((r) => r.event))).toEqual(new Set(['task.urgent']));
    expect(await unread(STAFF)).toBe(before + 1);
    expect(await unread(AREA)).toBe(0);
    expect(await unread(GLOBEX)).toBe(0);

    const page = await list(STAFF, { unread: 'true' });
    expect(page.data[0]).toMatchObject({
      event: 'task.urgent',
      task_id: id,
      task_title: 'Recall: batch 42 peanut butter',
      store_name: 'Sydney CBD',
      read: false,
    });
    expect(page.unread).toBe(before + 1);

    // A retried job, or a second one for the same start, tells nobody twice.
    const job = await startJob(id);
    expect(await deliver(t.database.db, job)).toEqual([]);
    await t.app.jobs.send(t.database.db, 'notifications.send', job);
    await t.app.jobs.drain();
    expect((await toldOf(id)).map((r) => r.username)).toEqual(people);
  });

  it('tells of a task or communication as new work, in the app', async () => {
    const task = await startedToday('Task', 'Face the shelves');
    const note = await startedToday('Communication', 'New uniforms arrive Friday');
    await t.app.jobs.drain();
    const people = await peopleAt('Sydney CBD');
    for (const id of [task, note]) {
      const told = await toldOf(id);
      expect(told.map((r) => r.username)).toEqual(people);
      expect(new Set(told.map((r) => r.event))).toEqual(new Set(['task.new']));
    }
  });

  it('waits for a task that starts later: the stores are told when it starts, not when it is published', async () => {
    const id = await kit.published(OWNER, {
      title: 'Stocktake next month',
      type_id: await kit.typeId('Urgent'),
      start_date: localDate(SYDNEY, 30),
      start_time: '08:00',
      due_date: localDate(SYDNEY, 30),
      due_time: '17:00',
      targets: { include: [await kit.nodeId('Sydney CBD')] },
    });
    await t.app.jobs.drain();
    expect(await toldOf(id)).toEqual([]);
    // The clock moves on to the start: the job waiting for it runs.
    await t.app.jobs.drain({ includeDelayed: true });
    expect((await toldOf(id)).map((r) => r.username)).toEqual(await peopleAt('Sydney CBD'));
  });

  it('tells nobody of a task archived before it starts', async () => {
    const id = await kit.published(OWNER, {
      title: 'Cancelled before it starts',
      type_id: await kit.typeId('Urgent'),
      start_date: localDate(SYDNEY, 20),
      due_date: localDate(SYDNEY, 20),
      targets: { include: [await kit.nodeId('Sydney CBD')] },
    });
    const archived = await kit.call(OWNER, 'POST', '/api/admin/task/archive', { id });
    expect(archived.statusCode).toBe(200);
    await t.app.jobs.drain({ includeDelayed: true });
    expect(await toldOf(id)).toEqual([]);
  });
});

describe('work sent back', () => {
  it('tells the person who sent it, with the reason', async () => {
    const id = await kit.published(OWNER, {
      title: 'Clean the fridge seals',
      approval: true,
      evidence: { comment: true, photos: 0, files: 0 },
      start_date: localDate(SYDNEY),
      start_time: '00:00',
      due_date: localDate(SYDNEY),
      due_time: '23:59',
      targets: { include: [await kit.nodeId('Sydney CBD')] },
    });
    const [assignment] = await kit.assignmentsOf(id);
    const done = await kit.complete(STAFF, {
      assignment_id: Number(assignment!.id),
      comment: 'Wiped them down',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [submission] = await kit.submissionsOf(Number(assignment!.id));
    const rejected = await kit.call(AREA, 'POST', '/api/audit/reject', {
      id: submission!.id,
      reason: 'The bottom seal is still mouldy',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await t.app.jobs.drain();

    const sentBack = (await toldOf(id)).filter((r) => r.event === 'task.sent_back');
    expect(sentBack.map((r) => r.username)).toEqual([STAFF]);
    // By e-mail too (the default for work sent back), with the link that opens the task.
    const mails = (await t.mailsTo(STAFF)).filter((m) => m.subject === 'Sent back: Clean the fridge seals');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Why: The bottom seal is still mouldy');
    expect(mails[0]!.link).toBe(`http://storeline.test/task?assignment=${assignment!.id}`);
    // A repeated job tells and mails nobody again.
    await t.app.jobs.send(t.database.db, 'notifications.send', {
      kind: 'task.sent_back',
      tenantId: await kit.tenantId(),
      submissionId: Number(submission!.id),
    });
    await t.app.jobs.drain();
    expect(
      (await t.mailsTo(STAFF)).filter((m) => m.subject === 'Sent back: Clean the fridge seals'),
    ).toHaveLength(1);
    expect((await toldOf(id)).filter((r) => r.event === 'task.sent_back')).toHaveLength(1);
    const page = await list(STAFF);
    expect(page.data.find((n) => n.event === 'task.sent_back')).toMatchObject({
      task_title: 'Clean the fridge seals',
      reason: 'The bottom seal is still mouldy',
      assignment_id: Number(assignment!.id),
    });
  });
});

describe('reading notices', () => {
  it('marks one’s own read, refuses another person’s or tenant’s with 404 and marks nothing then', async () => {
    await startedToday('Urgent', 'Read me');
    await t.app.jobs.drain();
    const mine = await list(STAFF, { unread: 'true' });
    const theirs = await list(STORE, { unread: 'true' });
    expect(mine.data.length).toBeGreaterThan(0);
    const first = mine.data[0]!.id;

    const other = await t.injectAs(STAFF, {
      method: 'POST',
      url: '/api/notification/read',
      payload: { ids: [first, theirs.data[0]!.id] },
    });
    expect(other.statusCode).toBe(404);
    expect(await unread(STAFF)).toBe(mine.unread);
    const globex = await t.injectAs(GLOBEX, {
      method: 'POST',
      url: '/api/notification/read',
      payload: { ids: [first] },
    });
    expect(globex.statusCode).toBe(404);

    const one = await t.injectAs(STAFF, {
      method: 'POST',
      url: '/api/notification/read',
      payload: { ids: [first] },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ marked: 1, unread: mine.unread - 1 });
    expect((await list(STAFF)).data.find((n) => n.id === first)?.read).toBe(true);
    expect(await unread(STORE)).toBe(theirs.unread);

    const all = await t.injectAs(STAFF, {
      method: 'POST',
      url: '/api/notification/read',
      payload: { all: true },
    });
    expect(all.json().data).toEqual({ marked: mine.unread - 1, unread: 0 });
    expect((await list(STAFF, { unread: 'true' })).total).toBe(0);
    expect(await unread(STORE)).toBe(theirs.unread);
  });

  it('answers 400 to bad input and 401 without a session', async () => {
    for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { all: false }]) {
      const res = await t.injectAs(STAFF, { method: 'POST', url: '/api/notification/read', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await t.injectAs(STAFF, { url: '/api/notification/list', query: { per_page: 1000 } })).statusCode,
    ).toBe(400);
    expect((await t.inject({ url: '/api/notification/count' })).statusCode).toBe(401);
    expect((await t.inject({ url: '/api/notification/list' })).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('answers every event and channel, keeps a choice, and a notice switched off in the app is not listed', async () => {
    const prefs = async (as: string) =>
      (
        (await t.injectAs(as, { url: '/api/notification/preferences' })).json()
          .data as NotificationPreferences
      ).data;
    const defaults = await prefs(STORE);
    expect(defaults).toContainEqual({ event: 'task.urgent', channel: 'app', enabled: true });
    expect(defaults).toContainEqual({ event: 'task.new', channel: 'email', enabled: false });
    expect(defaults).toContainEqual({ event: 'task.sent_back', channel: 'email', enabled: true });

    const bad = await t.injectAs(STORE, {
      method: 'PUT',
      url: '/api/notification/preferences',
      payload: {
        data: [
          { event: 'task.new', channel: 'app', enabled: false },
          { event: 'nope', channel: 'app', enabled: true },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.database.db.select().from(notificationPreferences)).toEqual([]);

    const saved = await t.injectAs(STORE, {
      method: 'PUT',
      url: '/api/notification/preferences',
      payload: { data: [{ event: 'task.new', channel: 'app', enabled: false }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await prefs(STORE)).toContainEqual({ event: 'task.new', channel: 'app', enabled: false });
    // Someone else's choices are their own.
    expect(await prefs(STAFF)).toContainEqual({ event: 'task.new', channel: 'app', enabled: true });

    const before = await unread(STORE);
    const staffBefore = await unread(STAFF);
    await startedToday('Task', 'Quiet for the manager');
    await t.app.jobs.drain();
    expect(await unread(STORE)).toBe(before);
    expect(await unread(STAFF)).toBe(staffBefore + 1);
  });

  it('mails an urgent task to those who chose e-mail for it, and to nobody else', async () => {
    const subject = 'Urgent at Sydney CBD: Recall by mail';
    const mailed = async (as: string) => (await t.mailsTo(as)).filter((m) => m.subject === subject);
    const chosen = await t.injectAs(STORE, {
      method: 'PUT',
      url: '/api/notification/preferences',
      payload: { data: [{ event: 'task.urgent', channel: 'email', enabled: true }] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const id = await startedToday('Urgent', 'Recall by mail');
    await t.app.jobs.drain();
    expect(await mailed(STORE)).toHaveLength(1);
    expect((await mailed(STORE))[0]!.body).toContain(
      'Open it in Storeline: http://storeline.test/task?assignment=',
    );
    expect(await mailed(STAFF)).toHaveLength(0);
    expect((await toldOf(id)).map((r) => r.username)).toContain(STAFF);
  });
});

describe('the tenant’s defaults', () => {
  const defaultsOf = async (as: string) => {
    const res = await t.injectAs(as, { url: '/api/notification/defaults' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as NotificationPreferences).data;
  };
  const setDefaults = (as: string, data: unknown) =>
    t.injectAs(as, { method: 'PUT', url: '/api/notification/defaults', payload: { data } });

  it('apply to those who have not chosen, not to those who have, and only in their tenant', async () => {
    // The staff member chooses nothing about new work by e-mail; the store manager chose earlier.
    const mine = await t.injectAs(STORE, {
      method: 'PUT',
      url: '/api/notification/preferences',
      payload: { data: [{ event: 'task.new', channel: 'email', enabled: false }] },
    });
    expect(mine.statusCode).toBe(200);
    const saved = await setDefaults(OWNER, [{ event: 'task.new', channel: 'email', enabled: true }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await defaultsOf(OWNER)).toContainEqual({ event: 'task.new', channel: 'email', enabled: true });
    // Saving one default leaves the others as they were.
    await setDefaults(OWNER, [{ event: 'task.urgent', channel: 'email', enabled: true }]);
    expect(await defaultsOf(OWNER)).toEqual(
      expect.arrayContaining([
        { event: 'task.new', channel: 'email', enabled: true },
        { event: 'task.urgent', channel: 'email', enabled: true },
      ]),
    );
    expect(await defaultsOf(GLOBEX)).toContainEqual({ event: 'task.new', channel: 'email', enabled: false });

    const prefs = async (as: string) =>
      (
        (await t.injectAs(as, { url: '/api/notification/preferences' })).json()
          .data as NotificationPreferences
      ).data;
    expect(await prefs(STAFF)).toContainEqual({ event: 'task.new', channel: 'email', enabled: true });
    expect(await prefs(STORE)).toContainEqual({ event: 'task.new', channel: 'email', enabled: false });

    const subject = 'New at Sydney CBD: Defaults by mail';
    await startedToday('Task', 'Defaults by mail');
    await t.app.jobs.drain();
    expect((await t.mailsTo(STAFF)).filter((m) => m.subject === subject)).toHaveLength(1);
    expect((await t.mailsTo(STORE)).filter((m) => m.subject === subject)).toHaveLength(0);
    await setDefaults(OWNER, [
      { event: 'task.new', channel: 'email', enabled: false },
      { event: 'task.urgent', channel: 'email', enabled: false },
    ]);
  });

  it('are set by those who may change the settings: 403 for a team member, 400 for bad input, nothing written', async () => {
    const before = await defaultsOf(OWNER);
    expect(
      (await setDefaults(STAFF, [{ event: 'task.new', channel: 'app', enabled: false }])).statusCode,
    ).toBe(403);
    expect((await t.injectAs(STAFF, { url: '/api/notification/defaults' })).statusCode).toBe(403);
    expect(
      (await setDefaults(OWNER, [{ event: 'task.new', channel: 'sms', enabled: false }])).statusCode,
    ).toBe(400);
    expect((await setDefaults(OWNER, [])).statusCode).toBe(400);
    expect(await defaultsOf(OWNER)).toEqual(before);
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('two runs of one job at the same time tell each person once', async () => {
    const id = await startedToday('Urgent', 'Raced notice');
    const job = await startJob(id);
    // The pool serves each run's transaction its own connection.
    const db = t.database.db;
    const runs = await Promise.all([deliver(db, job), deliver(db, job), deliver(db, job)]);
    const people = await peopleAt('Sydney CBD');
    expect(runs.flat()).toHaveLength(people.length);
    expect((await toldOf(id)).map((r) => r.username)).toEqual(people);
    const [{ n }] = (await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.taskId, id))) as [{ n: number }];
    expect(n).toBe(people.length);
  });
});
