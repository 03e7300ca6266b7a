import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskTypes, tenants } from '../../server/db/schema';
import { OWNER } from './helpers/acmePeople';
import { createTestApp, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { taskBuilder } from './helpers/taskRows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const typeNames = async (as = OWNER) =>
  ((await t.injectAs(as, { url: '/api/task/types/list' })).json().data.data as { name: string }[]).map(
    (x) => x.name,
  );

async function typeCount() {
  const [row] = await t.database.db.select({ n: count() }).from(taskTypes);
  return row!.n;
}

describe('GET /api/task/types/list', () => {
  it('lists the three default types in order for every signed-in user of a customer tenant', async () => {
    for (const user of [OWNER, 'staff@acme.test', 'owner@globex.test'])
      expect(await typeNames(user)).toEqual(['Urgent', 'Task', 'Communication']);
    const first = (await t.injectAs('staff@acme.test', { url: '/api/task/types/list' })).json().data.data[0];
    expect(first).toMatchObject({ name: 'Urgent', colour: '#d32f2f', icon: 'PriorityHigh', sort_order: 1 });
  });

  it('answers 401 without a session and 403 to the platform tenant', async () => {
    expect((await t.inject({ url: '/api/task/types/list' })).statusCode).toBe(401);
    expect((await t.injectAs('operator@admin.test', { url: '/api/task/types/list' })).statusCode).toBe(403);
  });

  it('is seeded for a tenant created later', async () => {
    const res = await t.injectAs('operator@admin.test', {
      method: 'POST',
      url: '/api/tenant/create',
      payload: {
        identifier: 'initech',
        name: 'Initech',
        modules: ['mytasks', 'taskmanagement'],
        max_active_workspace: 10,
        admin_email: 'bill@initech.test',
      },
    });
    expect(res.statusCode).toBe(200);
    const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.identifier, 'initech'));
    const rows = await t.database.db.select().from(taskTypes).where(eq(taskTypes.tenantId, tenant!.id));
    expect(rows.map((r) => r.name).sort()).toEqual(['Communication', 'Task', 'Urgent']);
  });
});

describe('task type administration (setting.update)', () => {
  const create = (as: string, payload: unknown) =>
    t.injectAs(as, { method: 'POST', url: '/api/task/types/create', payload });

  it('creates, renames, recolours and reorders', async () => {
    const res = await create(OWNER, { name: ' Safety ', colour: '#FF6F00', icon: 'HealthAndSafety' });
    expect(res.statusCode).toBe(200);
    const safety = res.json().data;
    expect(safety).toMatchObject({ name: 'Safety', colour: '#ff6f00', sort_order: 4 });

    const updated = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/task/types/update',
      payload: { id: safety.id, name: 'Safety check', colour: '#e65100', secondary_colour: '#fff3e0' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Safety check',
      secondary_colour: '#fff3e0',
      icon: 'HealthAndSafety',
    });

    const list = (await t.injectAs(OWNER, { url: '/api/task/types/list' })).json().data.data as {
      id: number;
    }[];
    const ids = list.map((x) => x.id).reverse();
    const reordered = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/task/types/reorder',
      payload: { ids },
    });
    expect(reordered.statusCode).toBe(200);
    expect(await typeNames()).toEqual(['Safety check', 'Communication', 'Task', 'Urgent']);
    // Other tenants keep their order.
    expect(await typeNames('owner@globex.test')).toEqual(['Urgent', 'Task', 'Communication']);
  });

  it('refuses bad input with 400 and a duplicate name with 409, writing nothing', async () => {
    const before = await typeCount();
    const bad = await create(OWNER, { name: 'Odd', colour: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.colour).toMatch(/hex/);
    expect((await create(OWNER, { colour: '#000000' })).statusCode).toBe(400);
    const dup = await create(OWNER, { name: 'urgent', colour: '#000000' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toMatch(/already exists/);
    const partial = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/task/types/reorder',
      payload: { ids: [1] },
    });
    expect(partial.statusCode).toBe(400);
    expect(await typeCount()).toBe(before);
  });

  it('needs setting.update (403) and keeps tenants apart (404)', async () => {
    expect((await create('area@acme.test', { name: 'Mine', colour: '#000000' })).statusCode).toBe(403);
    expect((await create('staff@acme.test', { name: 'Mine', colour: '#000000' })).statusCode).toBe(403);
    const globexUrgent = (await t.injectAs('owner@globex.test', { url: '/api/task/types/list' })).json().data
      .data[0] as { id: number };
    const update = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/task/types/update',
      payload: { id: globexUrgent.id, name: 'Hijacked', colour: '#000000' },
    });
    expect(update.statusCode).toBe(404);
    const remove = await t.injectAs(OWNER, {
      method: 'DELETE',
      url: '/api/task/types/delete',
      query: { id: globexUrgent.id },
    });
    expect(remove.statusCode).toBe(404);
    expect(await typeNames('owner@globex.test')).toContain('Urgent');
  });

  it('deletes an unused type and refuses one in use with 409', async () => {
    const spare = (await create(OWNER, { name: 'Spare', colour: '#123456' })).json().data;
    const del = (id: number) =>
      t.injectAs(OWNER, { method: 'DELETE', url: '/api/task/types/delete', query: { id } });
    expect((await del(spare.id)).statusCode).toBe(200);
    expect(await typeNames()).not.toContain('Spare');

    const [acme] = await t.database.db.select().from(tenants).where(eq(tenants.identifier, 'acme'));
    const [urgent] = await t.database.db
      .select()
      .from(taskTypes)
      .where(and(eq(taskTypes.tenantId, acme!.id), eq(taskTypes.name, 'Urgent')));
    const rootId = (await organisation(t).node('Acme Retail')).id;
    const task = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/admin/task/create',
      payload: {
        title: 'Uses Urgent',
        type_id: urgent!.id,
        start_date: '2030-01-01',
        start_time: '09:00',
        due_date: '2030-01-01',
        due_time: '17:00',
        targets: { include: [rootId] },
      },
    });
    expect(task.statusCode).toBe(200);
    const refused = await del(urgent!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/1 task uses the type "Urgent"/);
  });
});

describe('a store’s day shows the task types as they are now', () => {
  it('follows a rename and a new order', async () => {
    const tasks = taskBuilder(t);
    const date = '2031-07-07';
    const task = await tasks.createTask({ title: 'Typed task', kind: 'task' });
    const note = await tasks.createTask({ title: 'Typed note', kind: 'communication' });
    await tasks.assign(task.id, 'Sydney CBD', { date });
    await tasks.assign(note.id, 'Sydney CBD', { date });
    const groups = async () => {
      const res = await t.injectAs('staff@acme.test', {
        url: '/api/user/task/date',
        query: { datetime: date, timezone: 'Australia/Sydney' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.data as { type: { name: string } }[]).map((g) => g.type.name);
    };
    const before = await groups();
    expect(before).toEqual(expect.arrayContaining(['Task', 'Communication']));
    const renamed = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/task/types/update',
      payload: { id: await tasks.typeId('task', 'acme'), name: 'Routine', colour: '#1565c0' },
    });
    expect(renamed.statusCode).toBe(200);
    const named = await groups();
    expect(named).toEqual(before.map((n) => (n === 'Task' ? 'Routine' : n)));
    const ids = (
      (await t.injectAs(OWNER, { url: '/api/task/types/list' })).json().data.data as { id: number }[]
    )
      .map((x) => x.id)
      .reverse();
    const reordered = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/task/types/reorder',
      payload: { ids },
    });
    expect(reordered.statusCode).toBe(200);
    expect(await groups()).toEqual([...named].reverse());
  });
});

// Issue 44 item 3: a type's name is worded per language as the terms are; a Spanish person's My
// Tasks groups under the Spanish name, and a language without one reads the default name.
describe('a task type’s name per language', () => {
  it('keeps a name per language beside the default one and gives it with the store’s day', async () => {
    const tasks = taskBuilder(t);
    const date = '2031-08-04';
    const id = await tasks.typeId('communication', 'acme');
    const task = await tasks.createTask({ title: 'Spanish note', kind: 'communication' });
    await tasks.assign(task.id, 'Sydney CBD', { date });
    const update = (names: Record<string, string>) =>
      t.injectAs(OWNER, {
        method: 'PUT',
        url: '/api/task/types/update',
        payload: { id, name: 'Communication', colour: '#2e7d32', names },
      });
    const saved = await update({ es: ' Aviso de tienda ', fr: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.names).toEqual({ es: 'Aviso de tienda' });

    const res = await t.injectAs('staff@acme.test', {
      url: '/api/user/task/date',
      query: { datetime: date, timezone: 'Australia/Sydney' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const group = (res.json().data.data as { type: { id: number; name: string; names: object } }[]).find(
      (g) => g.type.id === id,
    );
    expect(group?.type).toMatchObject({ name: 'Communication', names: { es: 'Aviso de tienda' } });

    // A language Storeline does not speak is refused under its field, in the caller's words.
    const refused = await update({ de: 'Mitteilung' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'names.de': '"de" is not a language Storeline speaks' });
    // Leaving names out keeps them.
    const kept = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/task/types/update',
      payload: { id, name: 'Communication', colour: '#2e7d32' },
    });
    expect(kept.json().data.names).toEqual({ es: 'Aviso de tienda' });
  });

  it('starts every tenant with the default types named in each language', async () => {
    const list = (await t.injectAs('owner@globex.test', { url: '/api/task/types/list' })).json().data
      .data as { name: string; names: Record<string, string> }[];
    expect(list.find((x) => x.name === 'Task')?.names).toEqual({ es: 'Tarea', fr: 'Tâche' });
  });
});
