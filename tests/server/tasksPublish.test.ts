import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskAssignments, tasks } from '../../server/db/schema';
import { bumpPeople } from '../../server/lib/versions';
import { AREA, OWNER } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { onPostgres } from './helpers/target';
import { taskKit } from './helpers/tasks';

const t = suiteApp();
const k = taskKit(t);

const archive = (as: string, id: number) => k.call(as, 'POST', '/api/admin/task/archive', { id });
const draft = async (as: string, overrides: Record<string, unknown> = {}) =>
  k.data(await k.create(as, await k.body(overrides))).id as number;
const statusOf = async (id: number) =>
  (await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id)))[0]!.status;

describe('POST /api/admin/task/publish', () => {
  it('publishes a draft and creates one assignment per targeted store; publishing again changes nothing', async () => {
    const id = await draft(OWNER);
    const res = await k.publish(OWNER, id);
    expect(res.statusCode).toBe(200);
    expect(k.data(res)).toEqual({ id, status: 'published', assignments: 3 });
    const again = await k.publish(OWNER, id);
    expect(k.data(again)).toEqual({ id, status: 'published', assignments: 3 });
    expect(await k.assignmentsOf(id)).toHaveLength(3);
    const detail = k.data(await k.call(OWNER, 'GET', '/api/admin/task/get', { id }));
    // Due in 2030: nothing is due yet, so no store owes anything; the three are upcoming.
    expect(detail.progress).toEqual({
      assigned: 0,
      done: 0,
      overdue: 0,
      upcoming: 3,
      next_due_at: '2030-03-04T06:00:00.000Z',
    });
    expect(detail.stores).toHaveLength(3);
    expect(detail.published_at).not.toBeNull();
  });

  it('refuses a draft without targets (400, still a draft)', async () => {
    const id = await draft(OWNER, { targets: { include: [] } });
    const res = await k.publish(OWNER, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['targets.include']).toMatch(/at least one/);
    expect(await statusOf(id)).toBe('draft');
  });

  it('answers 401, 403 (capability, someone else’s task) and cross-tenant 404', async () => {
    const id = await draft(OWNER);
    expect(
      (await t.inject({ method: 'POST', url: '/api/admin/task/publish', payload: { id } })).statusCode,
    ).toBe(401);
    expect((await k.publish('store@acme.test', id)).statusCode).toBe(403);
    // Visible to the area manager (it targets Sydney Metro once published), but not theirs to publish.
    expect((await k.publish(AREA, id)).statusCode).toBe(403);
    expect((await k.publish('owner@globex.test', id)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('draft');
  });

  it('lets an author who may create (but not update) publish their own draft', async () => {
    const id = await draft(AREA);
    const tenantId = await k.tenantId();
    const setGrant = (capabilities: string[]) =>
      t.database.db
        .execute(sql`
        UPDATE role_permissions SET capabilities = ${`{${capabilities.join(',')}}`}::text[]
        WHERE tenant_id = ${tenantId} AND module = 'taskmanagement'
          AND role_id = (SELECT id FROM roles WHERE tenant_id = ${tenantId} AND name = 'Area Manager')`)
        // As the roles service does after changing a grant.
        .then(() => bumpPeople(t.database.db, tenantId, 'everyone'));
    await setGrant(['create', 'read']);
    try {
      expect((await k.publish(AREA, id)).statusCode).toBe(200);
      expect(
        (await k.call(AREA, 'PUT', '/api/admin/task/update', { id, ...(await k.body()) })).statusCode,
      ).toBe(403);
    } finally {
      await setGrant(['create', 'read', 'update', 'delete']);
    }
  });

  it('shows overdue and done progress', async () => {
    const id = await k.published(OWNER, { start_date: '2020-01-06', due_date: '2020-01-06' });
    const [first] = await k.assignmentsOf(id);
    await t.database.db
      .update(taskAssignments)
      .set({ status: 'done' })
      .where(eq(taskAssignments.id, first!.id));
    const row = k.data(
      await k.call(OWNER, 'GET', '/api/admin/task/list', {
        search_key: 'fire exits',
        status: 'published',
        sort: 'start_date',
        order: 'asc',
      }),
    ).data[0];
    expect(row.progress).toEqual({ assigned: 3, done: 1, overdue: 2, upcoming: 0, next_due_at: null });
    // The area manager counts only their own stores; a store manager only theirs.
    const store = k.data(await k.call('store@acme.test', 'GET', '/api/admin/task/get', { id }));
    expect(store.progress.assigned).toBe(1);
  });
});

describe('editing a published task', () => {
  it('re-plans future open assignments only; completed ones keep their history', async () => {
    const id = await k.published(OWNER, { start_date: '2030-10-14', due_date: '2030-10-14' });
    const before = await k.assignmentsOf(id);
    const done = before.find((r) => r.store === 'Parramatta')!;
    await t.database.db
      .update(taskAssignments)
      .set({ status: 'done' })
      .where(eq(taskAssignments.id, done.id));

    const res = await k.call(OWNER, 'PUT', '/api/admin/task/update', {
      id,
      ...(await k.body({
        start_date: '2030-10-14',
        due_date: '2030-10-14',
        due_time: '12:00',
        targets: { include: [await k.nodeId('Sydney Metro')], exclude: [await k.nodeId('Bondi Junction')] },
      })),
    });
    expect(res.statusCode).toBe(200);
    const after = await k.assignmentsOf(id);
    expect(after.map(({ store, status, due_at }) => ({ store, status, due_at }))).toEqual([
      // Done before the edit: untouched (17:00 Sydney summer time).
      { store: 'Parramatta', status: 'done', due_at: '2030-10-14T06:00:00Z' },
      // Still open: now due at 12:00.
      { store: 'Sydney CBD', status: 'open', due_at: '2030-10-14T01:00:00Z' },
    ]);
  });

  it('refuses to edit an archived task (409)', async () => {
    const id = await k.published(OWNER);
    await archive(OWNER, id);
    const res = await k.call(OWNER, 'PUT', '/api/admin/task/update', { id, ...(await k.body()) });
    expect(res.statusCode).toBe(409);
  });
});

describe('POST /api/admin/task/archive', () => {
  it('cancels open assignments and keeps finished ones', async () => {
    const id = await k.published(OWNER);
    const [first] = await k.assignmentsOf(id);
    await t.database.db
      .update(taskAssignments)
      .set({ status: 'approved' })
      .where(eq(taskAssignments.id, first!.id));
    const res = await archive(OWNER, id);
    expect(res.statusCode).toBe(200);
    expect(k.data(res)).toEqual({ id, status: 'archived', cancelled: 2 });
    expect((await k.assignmentsOf(id)).map((r) => r.status).sort()).toEqual([
      'approved',
      'cancelled',
      'cancelled',
    ]);
    // Archiving again is harmless.
    expect(k.data(await archive(OWNER, id))).toEqual({ id, status: 'archived', cancelled: 0 });
  });

  it('answers 409 for a draft, 401, 403 and cross-tenant 404', async () => {
    const id = await draft(OWNER);
    expect((await archive(OWNER, id)).statusCode).toBe(409);
    const live = await k.published(OWNER);
    expect(
      (await t.inject({ method: 'POST', url: '/api/admin/task/archive', payload: { id: live } })).statusCode,
    ).toBe(401);
    expect((await archive('store@acme.test', live)).statusCode).toBe(403);
    expect((await archive(AREA, live)).statusCode).toBe(403);
    expect((await archive('owner@globex.test', live)).statusCode).toBe(404);
    expect(await statusOf(live)).toBe('published');
  });
});

describe('publishing under concurrency', () => {
  it.runIf(onPostgres)('two publishes racing create one set of assignments (PostgreSQL)', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await draft(OWNER, { targets: { include: [await k.nodeId('Acme Retail')] } });
      const results = await Promise.all([k.publish(OWNER, id), k.publish(OWNER, id), k.publish(OWNER, id)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(results.map((r) => k.data(r).assignments)).toEqual([12, 12, 12]);
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(taskAssignments)
        .where(and(eq(taskAssignments.taskId, id)));
      expect(row!.n).toBe(12);
    }
  });

  it('publish racing an archive leaves a consistent task', async () => {
    const id = await draft(OWNER);
    await Promise.all([k.publish(OWNER, id), archive(OWNER, id)]);
    const status = await statusOf(id);
    const open = (await k.assignmentsOf(id)).filter((r) => r.status === 'open');
    // Either the archive came first (409, still published with open work) or last (all cancelled).
    if (status === 'archived') expect(open).toHaveLength(0);
    else expect(open).toHaveLength(3);
  });
});
