import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyTaskCard } from '../../contract/api/mytasks';
import { positions, taskAcknowledgements, users } from '../../server/db/schema';
import { markAcknowledgementsStale } from '../../server/modules/mytasks/acknowledgements';
import { STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { localDate, taskBuilder } from './helpers/taskRows';

const t = suiteApp();
const org = organisation(t);
const tasks = taskBuilder(t);

const acknowledge = (as: string, assignmentId: number) =>
  t.injectAs(as, {
    method: 'POST',
    url: '/api/user/task/complete',
    payload: { assignment_id: assignmentId, acknowledged: true },
  });
const cardFor = async (as: string, assignmentId: number) => {
  const res = await t.injectAs(as, { url: '/api/user/task/get', query: { assignment_id: assignmentId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.assignment as MyTaskCard;
};
/** The people of Sydney CBD as the seed made them (enabled users positioned there). */
const peopleOfCbd = async () => {
  const node = await org.node('Sydney CBD');
  const rows = await t.database.db
    .select({ username: users.username })
    .from(positions)
    .innerJoin(users, and(eq(users.tenantId, positions.tenantId), eq(users.id, positions.userId)))
    .where(
      and(eq(positions.tenantId, node.tenantId), eq(positions.nodeId, node.id), eq(users.enabled, true)),
    );
  return [...new Set(rows.map((r) => r.username))];
};

describe('communications', () => {
  it('are acknowledged per person; the store’s progress counts people', async () => {
    const people = await peopleOfCbd();
    expect(people).toEqual(expect.arrayContaining([STAFF, STORE]));
    const note = await tasks.createTask({ title: 'New uniform policy', kind: 'communication' });
    const a = await tasks.assign(note.id, 'Sydney CBD', {
      date: localDate(SYDNEY),
      start: '00:00',
      due: '23:59',
    });

    expect((await cardFor(STAFF, a.id)).acknowledgement).toEqual({
      acknowledged: false,
      stale: false,
      acknowledged_count: 0,
      people: people.length,
    });
    const unconfirmed = await t.injectAs(STAFF, {
      method: 'POST',
      url: '/api/user/task/complete',
      payload: { assignment_id: a.id, comment: 'read it' },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(Object.keys(unconfirmed.json().errors)).toEqual(['acknowledged']);

    const res = await acknowledge(STAFF, a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      done: true,
      status: 'open',
      acknowledgement: { acknowledged: true, acknowledged_count: 1, people: people.length },
    });
    // The store manager still has to read it.
    expect(await cardFor(STORE, a.id)).toMatchObject({
      done: false,
      acknowledgement: { acknowledged: false, acknowledged_count: 1 },
    });
    expect((await acknowledge(STAFF, a.id)).statusCode).toBe(409);

    for (const person of people.filter((p) => p !== STAFF)) {
      expect((await acknowledge(person, a.id)).statusCode).toBe(200);
    }
    const staff = await t.userByUsername(STAFF);
    const stored = await tasks.assignment(a.id);
    expect(stored.status).toBe('done');
    expect(stored.completedAt).toBeInstanceOf(Date);
    expect((await cardFor(STORE, a.id)).acknowledgement).toMatchObject({
      acknowledged: true,
      acknowledged_count: people.length,
    });
    const rows = await t.database.db
      .select()
      .from(taskAcknowledgements)
      .where(eq(taskAcknowledgements.assignmentId, a.id));
    expect(rows.map((r) => r.userId)).toContain(staff.id);
    expect(rows).toHaveLength(people.length);
  });

  it('must be read again after the author edits them; past days keep their acknowledgements', async () => {
    const note = await tasks.createTask({ title: 'Holiday trading hours', kind: 'communication' });
    const current = await tasks.assign(note.id, 'Sydney CBD', {
      date: localDate(SYDNEY),
      start: '00:00',
      dueDate: localDate(SYDNEY, 1),
      due: '23:59',
    });
    const past = await tasks.assign(note.id, 'Sydney CBD', { date: localDate(SYDNEY, -3) });
    const people = await peopleOfCbd();
    for (const person of people) {
      expect((await acknowledge(person, current.id)).statusCode).toBe(200);
      expect((await acknowledge(person, past.id)).statusCode).toBe(200);
    }
    expect((await tasks.assignment(current.id)).status).toBe('done');

    // Task Management calls this from its update of a published communication.
    const staled = await t.database.db.transaction((tx) =>
      markAcknowledgementsStale(tx, current.tenantId, note.id),
    );
    expect(staled).toBe(people.length);
    expect((await tasks.assignment(current.id)).status).toBe('open');
    expect((await tasks.assignment(past.id)).status).toBe('done');
    expect(await cardFor(STAFF, current.id)).toMatchObject({
      done: false,
      acknowledgement: { acknowledged: false, stale: true, acknowledged_count: 0 },
    });
    expect((await cardFor(STAFF, past.id)).acknowledgement).toMatchObject({
      acknowledged: true,
      stale: false,
    });

    const again = await acknowledge(STAFF, current.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.acknowledgement).toMatchObject({
      acknowledged: true,
      stale: false,
      acknowledged_count: 1,
    });

    // Other task types are left alone.
    const plain = await tasks.createTask({ title: 'Not a communication' });
    expect(await markAcknowledgementsStale(t.database.db, current.tenantId, plain.id)).toBe(0);
  });

  it('cannot be acknowledged once withdrawn or expired', async () => {
    const note = await tasks.createTask({ title: 'Old promotion', kind: 'communication' });
    const withdrawn = await tasks.assign(note.id, 'Sydney CBD', {
      date: localDate(SYDNEY),
      status: 'cancelled',
    });
    const lapsed = await tasks.assign(note.id, 'Sydney CBD', {
      date: localDate(SYDNEY, -2),
      expiry: '18:00',
    });
    expect((await acknowledge(STAFF, withdrawn.id)).statusCode).toBe(409);
    expect((await acknowledge(STAFF, lapsed.id)).statusCode).toBe(409);
  });
});
