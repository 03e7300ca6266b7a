import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scan } from '../../server/modules/notification/scheduled';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { localDate } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

/*
 * The notices the clock brings (issue 29): escalation of undone urgent work, the reviewers' 08:00
 * digest and the store managers' 07:00 digest. The clock is a parameter of the scan (or a fake
 * one for the periodic job): "now" is moved to just before and after each moment.
 */

const GLOBEX = 'owner@globex.test';
const HOUR = 3_600_000;

const t = suiteApp();
const kit = taskKit(t);
afterEach(() => {
  vi.useRealTimers();
});

/** Who was told of `event` about this key (an assignment, or a day): usernames, one per notice. */
const told = async (event: string, where: ReturnType<typeof sql>) => {
  const rows = await t.database.db.execute(sql`
    SELECT u.username, n.data FROM notifications n
    JOIN users u ON u.tenant_id = n.tenant_id AND u.id = n.user_id
    WHERE n.event = ${event} AND ${where} ORDER BY u.username`);
  return (rows as unknown as { rows: { username: string; data: Record<string, unknown> }[] }).rows;
};
const names = (rows: { username: string }[]) => rows.map((r) => r.username);

/** The instant at which Sydney's clock reads `time` on `date`. */
const sydneyAt = async (date: string, time: string) => {
  const rows = await t.database.db.execute(
    sql`SELECT to_char((${`${date} ${time}`}::timestamp AT TIME ZONE ${SYDNEY}) AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`,
  );
  return new Date((rows as unknown as { rows: { at: string }[] }).rows[0]!.at);
};

const urgentDueToday = async (title: string) => {
  const id = await kit.published(OWNER, {
    title,
    type_id: await kit.typeId('Urgent'),
    start_date: localDate(SYDNEY),
    start_time: '00:00',
    due_date: localDate(SYDNEY),
    due_time: '23:30',
    evidence: { comment: false, photos: 0, files: 0 },
    targets: { include: [await kit.nodeId('Sydney CBD')] },
  });
  const [assignment] = await kit.assignmentsOf(id);
  return { id, assignmentId: Number(assignment!.id), due: new Date(assignment!.due_at) };
};

describe('task.escalated', () => {
  it('goes to the store’s reviewers 2 h after due, then one level up at 24 h, each person once', async () => {
    const { assignmentId, due } = await urgentDueToday('Recall: escalate me');
    const about = sql`n.assignment_id = ${assignmentId}`;
    await scan(t.database.db, {}, new Date(due.getTime() + 2 * HOUR - 60_000));
    expect(await told('task.escalated', about)).toEqual([]);

    await scan(t.database.db, {}, new Date(due.getTime() + 2 * HOUR + 60_000));
    const first = await told('task.escalated', about);
    // The nearest reviewers: the store's manager; not its staff, not the area yet.
    expect(names(first)).toEqual([STORE]);
    expect(first[0]!.data).toMatchObject({
      task_title: 'Recall: escalate me',
      store_name: 'Sydney CBD',
      hours_late: 2,
    });

    // Later scans, and a second run of the same one, tell nobody twice.
    await scan(t.database.db, {}, new Date(due.getTime() + 5 * HOUR));
    await scan(t.database.db, {}, new Date(due.getTime() + 5 * HOUR));
    expect(names(await told('task.escalated', about))).toEqual([STORE]);

    await scan(t.database.db, {}, new Date(due.getTime() + 24 * HOUR + 60_000));
    const second = names(await told('task.escalated', about));
    expect(second).toEqual([AREA, STORE]);
    expect(second).not.toContain(STAFF);
    expect(second).not.toContain(OWNER);
    expect(second).not.toContain(GLOBEX);
  });

  it('runs as the periodic job on the clock, and leaves done work alone', async () => {
    const late = await urgentDueToday('Recall: via the job');
    const done = await urgentDueToday('Recall: done in time');
    const completed = await kit.complete(STAFF, {
      assignment_id: done.assignmentId,
    });
    expect(completed.statusCode, completed.body).toBe(200);

    vi.useFakeTimers({ now: late.due.getTime() + 3 * HOUR, toFake: ['Date'] });
    // The job is stamped by the moved clock, so it waits in the queue until then: run it now.
    await t.app.jobs.send(t.database.db, 'notifications.scan', {});
    await t.app.jobs.drain({ includeDelayed: true });
    vi.useRealTimers();
    expect(names(await told('task.escalated', sql`n.assignment_id = ${late.assignmentId}`))).toEqual([STORE]);
    expect(await told('task.escalated', sql`n.assignment_id = ${done.assignmentId}`)).toEqual([]);
  });

  it('follows the tenant’s delays', async () => {
    const bad = await kit.call(OWNER, 'PUT', '/api/notification/escalation', {
      first_hours: 5,
      second_hours: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/after the first/);
    expect(
      (await kit.call(STAFF, 'PUT', '/api/notification/escalation', { first_hours: 1, second_hours: 3 }))
        .statusCode,
    ).toBe(403);
    const set = await kit.call(OWNER, 'PUT', '/api/notification/escalation', {
      first_hours: 1,
      second_hours: 3,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ first_hours: 1, second_hours: 3, action_hours: 24 });
    // Another tenant keeps the defaults.
    expect((await kit.call(GLOBEX, 'GET', '/api/notification/escalation')).json().data).toEqual({
      first_hours: 2,
      second_hours: 24,
      action_hours: 24,
    });

    const { assignmentId, due } = await urgentDueToday('Recall: the tenant’s delays');
    const about = sql`n.assignment_id = ${assignmentId}`;
    await scan(t.database.db, {}, new Date(due.getTime() + HOUR + 60_000));
    expect(names(await told('task.escalated', about))).toEqual([STORE]);
    await scan(t.database.db, {}, new Date(due.getTime() + 3 * HOUR + 60_000));
    expect(names(await told('task.escalated', about))).toEqual([AREA, STORE]);
    await kit.call(OWNER, 'PUT', '/api/notification/escalation', { first_hours: 2, second_hours: 24 });
  });
});

describe('digest.daily', () => {
  it('tells the store’s managers at 07:00 store time of today’s due work, once a day, nobody else', async () => {
    const today = localDate(SYDNEY);
    await urgentDueToday('Due today for the digest');
    const key = sql`n.key LIKE ${`day:${today}:%`} AND n.data->>'store_name' = 'Sydney CBD'`;
    await scan(t.database.db, {}, await sydneyAt(today, '06:59'));
    expect(await told('digest.daily', key)).toEqual([]);

    await scan(t.database.db, {}, await sydneyAt(today, '07:05'));
    await scan(t.database.db, {}, await sydneyAt(today, '07:20'));
    const digest = await told('digest.daily', key);
    expect(names(digest)).toEqual([STORE]);
    expect(Number(digest[0]!.data.due_today)).toBeGreaterThanOrEqual(1);
    expect(digest[0]!.data).toHaveProperty('missed');
    // Globex's people hear nothing of Acme's stores.
    expect(names(await told('digest.daily', sql`u.username = ${GLOBEX}`))).toEqual([]);
  });
});

describe('review.waiting', () => {
  it('tells each reviewer above waiting work at 08:00, once a day, with how many wait', async () => {
    const today = localDate(SYDNEY);
    const id = await kit.published(OWNER, {
      title: 'Check the cold room log',
      approval: true,
      evidence: { comment: true, photos: 0, files: 0 },
      start_date: today,
      start_time: '00:00',
      due_date: today,
      due_time: '23:59',
      targets: { include: [await kit.nodeId('Sydney CBD')] },
    });
    const [assignment] = await kit.assignmentsOf(id);
    const sent = await kit.complete(STAFF, {
      assignment_id: Number(assignment!.id),
      comment: 'Logged',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const key = sql`n.key = ${`day:${today}`}`;
    await scan(t.database.db, {}, await sydneyAt(today, '07:59'));
    expect(await told('review.waiting', key)).toEqual([]);
    await scan(t.database.db, {}, await sydneyAt(today, '08:10'));
    await scan(t.database.db, {}, await sydneyAt(today, '09:40'));
    const digest = await told('review.waiting', key);
    const who = names(digest);
    expect(who).toEqual(expect.arrayContaining([AREA, STORE]));
    expect(new Set(who).size).toBe(who.length);
    expect(who).not.toContain(STAFF);
    expect(who).not.toContain(GLOBEX);
    for (const row of digest) expect(Number(row.data.waiting)).toBeGreaterThanOrEqual(1);
    // In the bell's list with its figure.
    const list = await t.injectAs(STORE, { url: '/api/notification/list' });
    expect(list.json().data.data.find((n: { event: string }) => n.event === 'review.waiting')).toMatchObject({
      counts: { waiting: expect.any(Number) },
      assignment_id: null,
    });
  });
});
