import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER } from './helpers/acmePeople';
import { createTestApp, type TestApp } from './helpers/app';
import { taskKit } from './helpers/tasks';

let t: TestApp;
let k: ReturnType<typeof taskKit>;
let recall: number;
let priceChange: number;
beforeAll(async () => {
  t = await createTestApp();
  k = taskKit(t);
  const deli = k
    .data(await k.call(OWNER, 'GET', '/api/department/list'))
    .data.find((d: { name: string }) => d.name === 'Deli').id as number;
  recall = await k.published(OWNER, {
    title: 'Recall: peanut butter 375 g',
    type_id: await k.typeId('Urgent'),
    department_id: deli,
    start_date: '2030-05-06',
    due_date: '2030-05-07',
    targets: { include: [await k.nodeId('Sydney Metro')] },
  });
  priceChange = await k.published(OWNER, {
    title: 'Price change: dairy',
    start_date: '2030-05-07',
    due_date: '2030-05-07',
    targets: { include: [await k.nodeId('Acme Retail')] },
  });
  await k.create(
    OWNER,
    await k.body({ title: 'Draft: not sent', start_date: '2030-05-07', due_date: '2030-05-07' }),
  );
});
afterAll(() => t.close());

const date = (as: string, query: Record<string, string | number>) =>
  k.call(as, 'GET', '/api/admin/task/date', query);
const search = (as: string, query: Record<string, string | number>) =>
  k.call(as, 'GET', '/api/admin/task/search', query);
type Group = { name: string; tasks: { id: number; title: string; progress: { assigned: number } }[] };
const titlesByType = (groups: Group[]) =>
  Object.fromEntries(groups.filter((g) => g.tasks.length).map((g) => [g.name, g.tasks.map((x) => x.title)]));

describe('GET /api/admin/task/date', () => {
  it('lists the published tasks with work on that local day, grouped by type in order, with progress', async () => {
    const res = await date(OWNER, { datetime: '2030-05-07', timezone: 'Australia/Sydney' });
    expect(res.statusCode).toBe(200);
    const data = k.data(res);
    expect(data.date).toBe('2030-05-07');
    expect(data.data.map((g: Group) => g.name)).toEqual(['Urgent', 'Task', 'Communication']);
    expect(titlesByType(data.data)).toEqual({
      Urgent: ['Recall: peanut butter 375 g'],
      Task: ['Price change: dairy'],
    });
    const task = data.data[1].tasks[0];
    expect(task).toMatchObject({
      id: priceChange,
      due_time: '17:00',
      // Due in 2030: upcoming, not owed yet.
      progress: { assigned: 0, done: 0, overdue: 0, upcoming: 12 },
    });
    // The recall runs 6–7 May; the price change only on the 7th.
    const sixth = k.data(await date(OWNER, { datetime: '2030-05-06', timezone: 'Australia/Sydney' }));
    expect(titlesByType(sixth.data)).toEqual({ Urgent: ['Recall: peanut butter 375 g'] });
  });

  it('takes the day in the caller’s zone: unix seconds and ISO instants', async () => {
    // 2030-05-06T20:00Z is already the 7th in Sydney, still the 6th in Los Angeles.
    const seconds = Date.parse('2030-05-06T20:00:00Z') / 1000;
    expect(k.data(await date(OWNER, { datetime: seconds, timezone: 'Australia/Sydney' })).date).toBe(
      '2030-05-07',
    );
    expect(
      k.data(await date(OWNER, { datetime: '2030-05-06T20:00:00Z', timezone: 'America/Los_Angeles' })).date,
    ).toBe('2030-05-06');
  });

  it('filters by department and counts only the caller’s part of the tree', async () => {
    const deli = k
      .data(await k.call(OWNER, 'GET', '/api/department/list'))
      .data.find((d: { name: string }) => d.name === 'Deli').id;
    const filtered = k.data(
      await date(OWNER, { datetime: '2030-05-07', timezone: 'Australia/Sydney', department: deli }),
    );
    expect(titlesByType(filtered.data)).toEqual({ Urgent: ['Recall: peanut butter 375 g'] });
    const area = k.data(
      await date('area@acme.test', { datetime: '2030-05-07', timezone: 'Australia/Sydney' }),
    );
    const price = area.data.flatMap((g: Group) => g.tasks).find((x: { id: number }) => x.id === priceChange);
    expect(price.progress.upcoming).toBe(3);
  });

  it('answers 400, 401, 403 and keeps tenants apart', async () => {
    expect((await date(OWNER, { datetime: 'soon', timezone: 'Australia/Sydney' })).statusCode).toBe(400);
    const zone = await date(OWNER, { datetime: '2030-05-07', timezone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().errors.timezone).toMatch(/not a time zone/);
    expect((await date(OWNER, { timezone: 'Australia/Sydney' })).statusCode).toBe(400);
    expect(
      (await t.inject({ url: '/api/admin/task/date', query: { datetime: '2030-05-07', timezone: 'UTC' } }))
        .statusCode,
    ).toBe(401);
    expect((await date('staff@acme.test', { datetime: '2030-05-07', timezone: 'UTC' })).statusCode).toBe(403);
    const globex = k.data(await date('owner@globex.test', { datetime: '2030-05-07', timezone: 'UTC' }));
    expect(globex.data.flatMap((g: Group) => g.tasks)).toEqual([]);
  });
});

describe('GET /api/admin/task/search', () => {
  it('finds published tasks by title across the caller’s scope, grouped by type', async () => {
    const res = await search(OWNER, { search_key: 'peanut', timezone: 'Australia/Sydney' });
    expect(res.statusCode).toBe(200);
    expect(titlesByType(k.data(res).data)).toEqual({ Urgent: ['Recall: peanut butter 375 g'] });
    expect(k.data(res).data[0].tasks[0].id).toBe(recall);
    expect(
      titlesByType(k.data(await search(OWNER, { search_key: 'not sent', timezone: 'UTC' })).data),
    ).toEqual({});
    // Sydney CBD's manager finds it; Geelong's manager does not.
    expect(
      titlesByType(k.data(await search('store@acme.test', { search_key: 'peanut', timezone: 'UTC' })).data),
    ).toEqual({
      Urgent: ['Recall: peanut butter 375 g'],
    });
    await k.org.addUser('geelong.manager@acme.test', 'Geelong', 'Store Manager');
    expect(
      titlesByType(
        k.data(await search('geelong.manager@acme.test', { search_key: 'peanut', timezone: 'UTC' })).data,
      ),
    ).toEqual({});
  });

  it('answers 400, 401, 403 and keeps tenants apart', async () => {
    expect((await search(OWNER, { search_key: 'x', timezone: 'Nowhere/Land' })).statusCode).toBe(400);
    expect(
      (await t.inject({ url: '/api/admin/task/search', query: { search_key: 'x', timezone: 'UTC' } }))
        .statusCode,
    ).toBe(401);
    expect((await search('staff@acme.test', { search_key: 'x', timezone: 'UTC' })).statusCode).toBe(403);
    const globex = k.data(await search('owner@globex.test', { search_key: 'peanut', timezone: 'UTC' }));
    expect(globex.data.flatMap((g: Group) => g.tasks)).toEqual([]);
  });
});
