import { describe, expect, it } from 'vitest';
import { AREA, OWNER } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { taskKit } from './helpers/tasks';

const t = suiteApp();
const k = taskKit(t);

/** A draft of Globex's owner, for the cross-tenant refusals. */
const globexDraft = async () =>
  k.data(
    await k.create(
      'owner@globex.test',
      await k.body({
        type_id: await k.typeId('Task', 'globex'),
        targets: { include: [await k.nodeId('North', 'globex')] },
      }),
    ),
  );

describe('POST /api/admin/task/create', () => {
  it('saves a draft with sanitised instructions, targets, rules and checklist', async () => {
    const res = await k.create(
      OWNER,
      await k.body({
        description: '<p onclick="steal()">Clear <script>alert(1)</script>the exits</p>',
        department_id: null,
        estimated_minutes: 20,
        checklist: [' Front door ', 'Loading dock'],
        approval: true,
        compliance: true,
        targets: { include: [await k.nodeId('New South Wales')], exclude: [await k.nodeId('Broken Hill')] },
        expiry: 'end_of_day',
      }),
    );
    expect(res.statusCode).toBe(200);
    const task = k.data(res);
    expect(task).toMatchObject({
      status: 'draft',
      title: 'Check the fire exits',
      description: '<p>Clear the exits</p>',
      type: { name: 'Task' },
      estimated_minutes: 20,
      start_date: '2030-03-04',
      start_time: '09:00',
      due_time: '17:00',
      expiry: 'end_of_day',
      checklist: ['Front door', 'Loading dock'],
      approval: true,
      compliance: true,
      evidence: { comment: true, photos: 1, files: 0 },
      author: { name: 'Olivia Owner' },
      progress: { assigned: 0, done: 0, overdue: 0, upcoming: 0, next_due_at: null },
      editable: true,
    });
    expect(task.target_nodes.map((n: { name: string; mode: string }) => `${n.mode} ${n.name}`)).toEqual([
      'include New South Wales',
      'exclude Broken Hill',
    ]);
  });

  it('refuses bad input with 400 and field errors, writing nothing', async () => {
    const before = await k.taskCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'title'],
      [{ start_date: '2030-02-30', due_date: '2030-02-30' }, 'start_date'],
      [{ due_time: '08:00' }, 'due_time'],
      [{ start_time: '9am' }, 'start_time'],
      [{ expiry: '16:00' }, 'expiry'],
      [{ type_id: 999999 }, 'type_id'],
      [{ department_id: 999999 }, 'department_id'],
      [{ recurrence: { freq: 'monthly', month_day: 0 } }, 'recurrence.month_day'],
      [{ recurrence: { freq: 'daily', until: '2030-01-01' } }, 'recurrence.until'],
      [{ recurrence: { freq: 'hourly' } }, 'recurrence.freq'],
      [{ targets: { include: [999999] } }, 'targets.include.0'],
      [{ attachments: ['a'.repeat(64)] }, 'attachments.0'],
      [{ checklist: ['  '] }, 'checklist.0'],
    ];
    for (const [override, field] of cases) {
      const res = await k.create(OWNER, await k.body(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(override)).toContain(field);
    }
    // An exclusion must lie beneath an included place.
    const outside = await k.create(
      OWNER,
      await k.body({
        targets: { include: [await k.nodeId('Sydney Metro')], exclude: [await k.nodeId('Geelong')] },
      }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors['targets.exclude.0']).toMatch(/not beneath/);
    expect(await k.taskCount()).toBe(before);
  });

  it('answers 401 without a session and 403 without taskmanagement.create or outside the caller’s scope', async () => {
    const before = await k.taskCount();
    expect(
      (await t.inject({ method: 'POST', url: '/api/admin/task/create', payload: await k.body() })).statusCode,
    ).toBe(401);
    expect((await k.create('store@acme.test', await k.body())).statusCode).toBe(403);
    expect((await k.create('staff@acme.test', await k.body())).statusCode).toBe(403);
    const beyond = await k.create(AREA, await k.body({ targets: { include: [await k.nodeId('Geelong')] } }));
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().errors['targets.include.0']).toMatch(/your part/);
    expect(await k.taskCount()).toBe(before);
  });

  it('treats another tenant’s ids as unknown', async () => {
    const globexNode = await k.nodeId('North', 'globex');
    const res = await k.create(OWNER, await k.body({ targets: { include: [globexNode] } }));
    expect(res.statusCode).toBe(400);
    const globexType = await k.typeId('Task', 'globex');
    expect((await k.create(OWNER, await k.body({ type_id: globexType }))).statusCode).toBe(400);
  });
});

describe('GET /api/admin/task/get and list', () => {
  it('lists with filters, search, paging and progress; opens one', async () => {
    const urgent = await k.typeId('Urgent');
    const a = k.data(
      await k.create(OWNER, await k.body({ title: 'Recall: peanut butter', type_id: urgent })),
    );
    await k.create(OWNER, await k.body({ title: 'Weekly price change' }));
    const list = await k.call(OWNER, 'GET', '/api/admin/task/list', { search_key: 'peanut' });
    expect(list.statusCode).toBe(200);
    expect(k.data(list)).toMatchObject({ total: 1, page: 1, data: [{ id: a.id, type: { name: 'Urgent' } }] });
    const byType = k.data(await k.call(OWNER, 'GET', '/api/admin/task/list', { type_id: urgent }));
    expect(byType.data.every((row: { type_id: number }) => row.type_id === urgent)).toBe(true);
    const paged = k.data(
      await k.call(OWNER, 'GET', '/api/admin/task/list', {
        per_page: 1,
        page: 2,
        sort: 'title',
        order: 'asc',
      }),
    );
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect((await k.call(OWNER, 'GET', '/api/admin/task/list', { sort: 'colour' })).statusCode).toBe(400);

    const get = await k.call(OWNER, 'GET', '/api/admin/task/get', { id: a.id });
    expect(get.statusCode).toBe(200);
    expect(k.data(get)).toMatchObject({ id: a.id, title: 'Recall: peanut butter', stores: [] });
  });

  it('shows drafts to their author’s part of the tree only; published tasks to the stores they target', async () => {
    const draft = k.data(await k.create(OWNER, await k.body({ title: 'Head office draft' })));
    // The store manager's role reads task management; a draft from head office is not theirs to see.
    expect((await k.call('store@acme.test', 'GET', '/api/admin/task/get', { id: draft.id })).statusCode).toBe(
      403,
    );
    await k.publish(OWNER, draft.id);
    const seen = await k.call('store@acme.test', 'GET', '/api/admin/task/get', { id: draft.id });
    expect(seen.statusCode).toBe(200);
    // Progress only counts the caller's own stores.
    expect(k.data(seen).stores.map((s: { name: string }) => s.name)).toEqual(['Sydney CBD']);
    expect(k.data(seen).editable).toBe(false);

    const areaTask = k.data(await k.create(AREA, await k.body({ title: 'Area draft' })));
    const ownerList = k.data(
      await k.call(OWNER, 'GET', '/api/admin/task/list', { search_key: 'Area draft' }),
    );
    expect(ownerList.total).toBe(1);
    expect(ownerList.data[0].id).toBe(areaTask.id);
  });

  it('answers 400, 401, 403 and cross-tenant 404', async () => {
    const mine = k.data(await k.create(OWNER, await k.body()));
    const globex = await globexDraft();
    expect((await k.call(OWNER, 'GET', '/api/admin/task/get', { id: 'x' })).statusCode).toBe(400);
    expect((await t.inject({ url: '/api/admin/task/get', query: { id: String(mine.id) } })).statusCode).toBe(
      401,
    );
    expect((await t.inject({ url: '/api/admin/task/list' })).statusCode).toBe(401);
    expect((await k.call('staff@acme.test', 'GET', '/api/admin/task/get', { id: mine.id })).statusCode).toBe(
      403,
    );
    expect((await k.call('staff@acme.test', 'GET', '/api/admin/task/list')).statusCode).toBe(403);
    expect((await k.call(OWNER, 'GET', '/api/admin/task/get', { id: globex.id })).statusCode).toBe(404);
    const globexList = k.data(await k.call('owner@globex.test', 'GET', '/api/admin/task/list'));
    expect(globexList.data.map((r: { id: number }) => r.id)).toEqual([globex.id]);
  });
});

/** Replaces a task's fields with a valid body and `overrides`. */
const update = async (as: string, id: number, overrides: Record<string, unknown> = {}) =>
  k.call(as, 'PUT', '/api/admin/task/update', { id, ...(await k.body(overrides)) });
const titleOf = async (id: number) =>
  (await k.call(OWNER, 'GET', '/api/admin/task/get', { id })).json().data.title as string;

describe('PUT /api/admin/task/update', () => {
  it('replaces the fields of one’s own draft and records the editor', async () => {
    const draft = k.data(await k.create(AREA, await k.body()));
    const res = await update(AREA, draft.id, { title: 'Check the fire exits twice', estimated_minutes: 15 });
    expect(res.statusCode).toBe(200);
    expect(k.data(res)).toMatchObject({ title: 'Check the fire exits twice', estimated_minutes: 15 });
    expect(k.data(res).editors.map((e: { name: string }) => e.name)).toEqual(['Aaron Area']);
  });

  it('lets only the author edit, unless the caller may manage others’ tasks', async () => {
    const areaTask = k.data(await k.create(AREA, await k.body()));
    const ownerTask = k.data(await k.create(OWNER, await k.body()));
    // The area manager holds update but not manage.
    const refused = await update(AREA, ownerTask.id, { title: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    const managed = await update(OWNER, areaTask.id, { title: 'Edited by head office' });
    expect(managed.statusCode).toBe(200);
    expect(await titleOf(ownerTask.id)).toBe('Check the fire exits');
  });

  it('answers 400 (nothing changed), 401, 403 and cross-tenant 404', async () => {
    const mine = k.data(await k.create(OWNER, await k.body()));
    const bad = await update(OWNER, mine.id, { title: '' });
    expect(bad.statusCode).toBe(400);
    expect(await titleOf(mine.id)).toBe('Check the fire exits');
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/api/admin/task/update',
          payload: { id: mine.id, ...(await k.body()) },
        })
      ).statusCode,
    ).toBe(401);
    expect((await update('store@acme.test', mine.id)).statusCode).toBe(403);
    const globex = await globexDraft();
    expect((await update(OWNER, globex.id)).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/task/delete', () => {
  it('deletes a draft; a published task answers 409; 401, 403 and 404 as usual', async () => {
    const draft = k.data(await k.create(OWNER, await k.body()));
    const del = (as: string, id: number) => k.call(as, 'DELETE', '/api/admin/task/delete', { id });
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/admin/task/delete', query: { id: String(draft.id) } }))
        .statusCode,
    ).toBe(401);
    expect((await del('store@acme.test', draft.id)).statusCode).toBe(403);
    expect((await del(OWNER, draft.id)).statusCode).toBe(200);
    expect((await k.call(OWNER, 'GET', '/api/admin/task/get', { id: draft.id })).statusCode).toBe(404);
    expect((await del(OWNER, draft.id)).statusCode).toBe(404);

    const live = await k.published(OWNER);
    const refused = await del(OWNER, live);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/archive/);
  });
});

describe('departments used by tasks', () => {
  it('cannot be deleted while a task carries them (409, nothing deleted)', async () => {
    const produce = k
      .data(await k.call(OWNER, 'GET', '/api/department/list'))
      .data.find((d: { name: string }) => d.name === 'Produce').id as number;
    await k.create(OWNER, await k.body({ department_id: produce }));
    const res = await k.call(OWNER, 'DELETE', '/api/department/delete', { id: produce });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/1 task uses the department "Produce"/);
    expect((await k.call(OWNER, 'GET', '/api/department/get', { id: produce })).statusCode).toBe(200);
  });
});
