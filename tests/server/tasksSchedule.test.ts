import { describe, expect, it } from 'vitest';
import { materialiseDue } from '../../server/modules/taskmanagement/engine';
import { OWNER } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { taskKit } from './helpers/tasks';

const t = suiteApp();
const k = taskKit(t);

describe('store-local schedule', () => {
  it('applies 09:00–17:00 in each store’s own zone: Broken Hill is half an hour behind Sydney', async () => {
    const id = await k.published(OWNER, {
      targets: {
        include: [await k.nodeId('Sydney CBD'), await k.nodeId('Broken Hill'), await k.nodeId('Geelong')],
      },
      start_date: '2030-03-04',
      due_date: '2030-03-04',
      expiry: '20:00',
    });
    const rows = await k.assignmentsOf(id);
    expect(
      rows.map(({ store, start_at, due_at, expires_at }) => ({ store, start_at, due_at, expires_at })),
    ).toEqual([
      // Australia/Broken_Hill: UTC+10:30 in March (daylight saving).
      {
        store: 'Broken Hill',
        start_at: '2030-03-03T22:30:00Z',
        due_at: '2030-03-04T06:30:00Z',
        expires_at: '2030-03-04T09:30:00Z',
      },
      // Australia/Melbourne and Australia/Sydney: UTC+11.
      {
        store: 'Geelong',
        start_at: '2030-03-03T22:00:00Z',
        due_at: '2030-03-04T06:00:00Z',
        expires_at: '2030-03-04T09:00:00Z',
      },
      {
        store: 'Sydney CBD',
        start_at: '2030-03-03T22:00:00Z',
        due_at: '2030-03-04T06:00:00Z',
        expires_at: '2030-03-04T09:00:00Z',
      },
    ]);
  });

  it('keeps local times right across the end of daylight saving (Sydney, 6–7 April 2030)', async () => {
    const id = await k.published(OWNER, {
      targets: { include: [await k.nodeId('Sydney CBD'), await k.nodeId('Broken Hill')] },
      start_date: '2030-04-05',
      start_time: '09:00',
      due_date: '2030-04-05',
      due_time: '17:00',
      expiry: 'end_of_day',
      recurrence: { freq: 'daily', until: '2030-04-08' },
    });
    // Beyond the 14-day horizon today, so nothing yet; the job materialises as the dates approach.
    expect(await k.assignmentsOf(id)).toEqual([]);
    await materialiseDue(t.database.db, { now: new Date('2030-04-04T00:00:00Z') });
    const sydney = (await k.assignmentsOf(id)).filter((r) => r.store === 'Sydney CBD');
    expect(
      sydney.map(({ date, start_at, due_at, expires_at }) => ({ date, start_at, due_at, expires_at })),
    ).toEqual([
      {
        date: '2030-04-05',
        start_at: '2030-04-04T22:00:00Z',
        due_at: '2030-04-05T06:00:00Z',
        expires_at: '2030-04-05T13:00:00Z',
      },
      // Clocks go back at 03:00 on Sunday 7 April: the expiry of the 6th (midnight) is still UTC+11.
      {
        date: '2030-04-06',
        start_at: '2030-04-05T22:00:00Z',
        due_at: '2030-04-06T06:00:00Z',
        expires_at: '2030-04-06T13:00:00Z',
      },
      {
        date: '2030-04-07',
        start_at: '2030-04-06T23:00:00Z',
        due_at: '2030-04-07T07:00:00Z',
        expires_at: '2030-04-07T14:00:00Z',
      },
      {
        date: '2030-04-08',
        start_at: '2030-04-07T23:00:00Z',
        due_at: '2030-04-08T07:00:00Z',
        expires_at: '2030-04-08T14:00:00Z',
      },
    ]);
    const brokenHill = (await k.assignmentsOf(id)).filter((r) => r.store === 'Broken Hill');
    expect(brokenHill.map((r) => r.start_at)).toEqual([
      '2030-04-04T22:30:00Z',
      '2030-04-05T22:30:00Z',
      '2030-04-06T23:30:00Z',
      '2030-04-07T23:30:00Z',
    ]);
  });

  it('takes the first of a local time that occurs twice (RFC 5545): Sydney, 02:15 on 7 April 2030', async () => {
    // Clocks go back from 03:00 AEDT to 02:00 AEST: 02:15 is 15:15Z (UTC+11), then 16:15Z (UTC+10).
    const id = await k.published(OWNER, {
      targets: { include: [await k.nodeId('Sydney CBD')] },
      start_date: '2030-04-07',
      start_time: '02:15',
      due_date: '2030-04-07',
      due_time: '02:45',
    });
    await materialiseDue(t.database.db, { now: new Date('2030-04-01T00:00:00Z') });
    const [row] = await k.assignmentsOf(id);
    expect({ start_at: row!.start_at, due_at: row!.due_at }).toEqual({
      start_at: '2030-04-06T15:15:00Z',
      due_at: '2030-04-06T15:45:00Z',
    });
  });

  it('moves a time in a spring-forward gap forward, never past the due time: Sydney, 6 October 2030', async () => {
    // Clocks go forward from 02:00 AEST to 03:00 AEDT: 02:30 does not occur and reads as 03:30,
    // after the 03:00 due time; the window starts when it is due instead.
    const id = await k.published(OWNER, {
      targets: { include: [await k.nodeId('Sydney CBD')] },
      start_date: '2030-10-06',
      start_time: '02:30',
      due_date: '2030-10-06',
      due_time: '03:00',
    });
    await materialiseDue(t.database.db, { now: new Date('2030-10-01T00:00:00Z') });
    const [row] = await k.assignmentsOf(id);
    expect({ start_at: row!.start_at, due_at: row!.due_at }).toEqual({
      start_at: '2030-10-05T16:00:00Z',
      due_at: '2030-10-05T16:00:00Z',
    });
  });

  it('spans days: due two days after the start, in each occurrence', async () => {
    const id = await k.published(OWNER, {
      targets: { include: [await k.nodeId('Sydney CBD')] },
      start_date: '2030-06-03',
      start_time: '08:00',
      due_date: '2030-06-05',
      due_time: '12:00',
      recurrence: { freq: 'weekly', weekdays: [1], count: 2 },
    });
    await materialiseDue(t.database.db, { now: new Date('2030-06-01T00:00:00Z') });
    const rows = await k.assignmentsOf(id);
    // Sydney is UTC+10 in winter.
    expect(rows.map(({ date, start_at, due_at }) => ({ date, start_at, due_at }))).toEqual([
      { date: '2030-06-03', start_at: '2030-06-02T22:00:00Z', due_at: '2030-06-05T02:00:00Z' },
      { date: '2030-06-10', start_at: '2030-06-09T22:00:00Z', due_at: '2030-06-12T02:00:00Z' },
    ]);
  });

  it('materialises on a rolling horizon, and running it again changes nothing', async () => {
    const id = await k.published(OWNER, {
      targets: { include: [await k.nodeId('Sydney Metro')] },
      start_date: '2030-08-01',
      due_date: '2030-08-01',
      recurrence: { freq: 'daily' },
    });
    const now = new Date('2030-08-01T00:00:00Z');
    const first = await materialiseDue(t.database.db, { now });
    const rows = await k.assignmentsOf(id);
    // 1–15 August (today + 14 days) at the three Sydney Metro stores.
    expect(rows).toHaveLength(15 * 3);
    expect(first.created).toBeGreaterThanOrEqual(45);
    const again = await materialiseDue(t.database.db, { now });
    expect(again.created).toBe(0);
    expect(await k.assignmentsOf(id)).toHaveLength(45);
    // A day later the horizon moves by one day.
    await materialiseDue(t.database.db, { now: new Date('2030-08-02T00:00:00Z') });
    expect(await k.assignmentsOf(id)).toHaveLength(16 * 3);
  });

  it('expires open assignments whose expiry has passed', async () => {
    const id = await k.published(OWNER, {
      targets: { include: [await k.nodeId('Sydney CBD')] },
      start_date: '2030-09-02',
      due_date: '2030-09-02',
      expiry: 'end_of_day',
    });
    await materialiseDue(t.database.db, { now: new Date('2030-09-02T12:00:00Z') });
    expect((await k.assignmentsOf(id))[0]!.status).toBe('open');
    await materialiseDue(t.database.db, { now: new Date('2030-09-02T14:00:00Z') });
    expect((await k.assignmentsOf(id))[0]!.status).toBe('expired');
  });
});
