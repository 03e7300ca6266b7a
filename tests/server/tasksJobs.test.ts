import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { taskAssignments } from '../../server/db/schema';
import { suiteApp } from './helpers/app';
import { taskKit } from './helpers/tasks';

const t = suiteApp();
const kit = taskKit(t);

const today = () => new Date().toISOString().slice(0, 10);
/** A task every day from today, all day, at the default stores. */
const dailyFromToday = () =>
  kit.published('owner@acme.test', {
    start_date: today(),
    due_date: today(),
    start_time: '00:00',
    due_time: '23:59',
    recurrence: { freq: 'daily', interval: 1 },
  });

it('plans a recurring task again through the queue: the tasks.materialise job restores what is missing', async () => {
  const id = await dailyFromToday();
  const planned = await kit.assignmentsOf(id);
  expect(planned.length).toBeGreaterThanOrEqual(3 * 14);

  await t.database.db.delete(taskAssignments).where(eq(taskAssignments.taskId, id));
  expect(await kit.assignmentsOf(id)).toHaveLength(0);

  await t.app.jobs.send(t.database.db, 'tasks.materialise', {});
  expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
  const restored = await kit.assignmentsOf(id);
  expect(restored.map((a) => `${a.store} ${a.date}`)).toEqual(planned.map((a) => `${a.store} ${a.date}`));
});

it('gives a store opened under a targeted area the occurrences to come, and takes them from one closed', async () => {
  const id = await dailyFromToday();
  const metro = await kit.nodeId('Sydney Metro');
  const created = await kit.call('owner@acme.test', 'POST', '/api/hierarchy/node/create', {
    parent_id: metro,
    type: 'workspace',
    name: 'Chatswood Jobs',
    object: { identifier: 'NSW-JOBS' },
  });
  expect(created.statusCode).toBe(200);
  expect((await kit.assignmentsOf(id)).filter((a) => a.store === 'Chatswood Jobs')).toHaveLength(0);

  await t.app.jobs.drain();
  const opened = (await kit.assignmentsOf(id)).filter((a) => a.store === 'Chatswood Jobs');
  // Today's occurrence has started already; the ones to come are planned.
  expect(opened.length).toBeGreaterThanOrEqual(13);

  const node = await kit.call('owner@acme.test', 'GET', '/api/hierarchy/node/get', {
    id: await kit.nodeId('Parramatta'),
  });
  const closed = await kit.call('owner@acme.test', 'PUT', '/api/workspace/deactivate', {
    id: node.json().data.object_id,
  });
  expect(closed.statusCode).toBe(200);
  await t.app.jobs.drain();
  const now = new Date().toISOString();
  const future = (await kit.assignmentsOf(id)).filter((a) => a.store === 'Parramatta' && a.start_at > now);
  expect(future).toHaveLength(0);
});
