import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyTaskCompleteBody, MyTaskDetail } from '../../contract/api/mytasks';
import { taskSubmissionFiles, taskSubmissions } from '../../server/db/schema';
import { STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { onPostgres } from './helpers/target';
import { localDate, taskBuilder } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

const t = suiteApp();
const org = organisation(t);
const tasks = taskBuilder(t);

const { complete, submissionsOf } = taskKit(t);
const detail = async (as: string, query: Record<string, string | number>) => {
  const res = await t.injectAs(as, { url: '/api/user/task/get', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MyTaskDetail;
};
const today = () => localDate(SYDNEY);

describe('POST /api/user/task/complete', () => {
  it('enforces the evidence rules field by field and writes nothing until they are met', async () => {
    const task = await tasks.createTask({
      title: 'Build the end-cap display',
      evidenceComment: true,
      evidencePhotos: 2,
      evidenceFiles: 1,
      checklist: ['Clear the shelf', 'Place the stock', 'Add the ticket'],
    });
    const a = await tasks.assign(task.id, 'Sydney CBD', { date: today() });

    const empty = await complete(STAFF, { assignment_id: a.id });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(
      ['checklist.0', 'checklist.1', 'checklist.2', 'comment', 'files', 'photos'].sort(),
    );
    expect(empty.json().message).toMatch(/and 5 more/);

    const photo1 = await tasks.upload(STAFF, 'front.jpg', 'photo');
    const photo2 = await tasks.upload(STAFF, 'side.jpg', 'photo');
    const plan = await tasks.upload(STAFF, 'planogram.pdf', 'document');
    const theirs = await tasks.upload(STORE, 'manager.jpg', 'photo');

    // Two photos but no document: the PDF requirement is not met by a photo.
    const partial = await complete(STAFF, {
      assignment_id: a.id,
      comment: '  ',
      attachments: [photo1, photo2, photo2],
      checklist: [true, false, true],
    });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.json().errors).sort()).toEqual(['checklist.1', 'comment', 'files']);
    expect(partial.json().errors['checklist.1']).toBe('Tick "Place the stock"');

    // Someone else's upload does not count and is refused.
    const borrowed = await complete(STAFF, {
      assignment_id: a.id,
      comment: 'Done',
      attachments: [photo1, theirs, plan],
      checklist: [true, true, true],
    });
    expect(borrowed.statusCode).toBe(400);
    expect(Object.keys(borrowed.json().errors).sort()).toEqual(['attachments', 'photos']);
    expect(await submissionsOf(a.id)).toEqual([]);
    expect((await tasks.assignment(a.id)).status).toBe('open');

    const res = await complete(STAFF, {
      assignment_id: a.id,
      comment: 'Looks great',
      attachments: [photo1, photo2, plan],
      checklist: [true, true, true],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      assignment_id: a.id,
      status: 'done',
      done: true,
      checklist: { total: 3, done: 3 },
    });
    const staff = await t.userByUsername(STAFF);
    const stored = await tasks.assignment(a.id);
    expect(stored).toMatchObject({ status: 'done', completedBy: staff.id, attempt: 1, firstTimeRight: true });
    expect(stored.completedAt).toBeInstanceOf(Date);
    const [files] = await t.database.db
      .select({ n: count() })
      .from(taskSubmissionFiles)
      .where(eq(taskSubmissionFiles.hash, plan));
    expect(files!.n).toBe(1);

    const seen = await detail(STAFF, { assignment_id: a.id });
    expect(seen.task).toMatchObject({
      title: 'Build the end-cap display',
      description: '<p>Do it well.</p>',
      checklist: ['Clear the shelf', 'Place the stock', 'Add the ticket'],
      type: { name: 'Task', kind: 'task' },
    });
    expect(seen.submissions).toHaveLength(1);
    expect(seen.submissions[0]).toMatchObject({
      attempt: 1,
      outcome: 'done',
      comment: 'Looks great',
      checklist: [true, true, true],
      submitted_by: { id: staff.id },
      review: null,
    });
    expect(seen.submissions[0]!.attachments.map((f) => [f.name, f.kind])).toEqual([
      ['front.jpg', 'photo'],
      ['side.jpg', 'photo'],
      ['planogram.pdf', 'document'],
    ]);
  });

  it('takes "can\'t do" with a reason instead of the evidence', async () => {
    const task = await tasks.createTask({ title: 'Repaint the sign', evidencePhotos: 1 });
    const a = await tasks.assign(task.id, 'Sydney CBD', { date: today() });
    const noReason = await complete(STAFF, { assignment_id: a.id, outcome: 'cannot_do', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    const res = await complete(STAFF, {
      assignment_id: a.id,
      outcome: 'cannot_do',
      reason: 'No paint delivered',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cannot_do', done: true, overdue: false });
    const [submission] = await submissionsOf(a.id);
    expect(submission).toMatchObject({ outcome: 'cannot_do', reason: 'No paint delivered', attempt: 1 });
  });

  it('sends work that needs approval for review, and a rejected one back with its attempt counted', async () => {
    const task = await tasks.createTask({
      title: 'Price check aisle 4',
      approval: true,
      evidenceComment: true,
    });
    const a = await tasks.assign(task.id, 'Sydney CBD', { date: today() });
    const first = await complete(STAFF, { assignment_id: a.id, comment: 'All correct' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'submitted', done: true, attempt: 1 });
    expect((await tasks.assignment(a.id)).firstTimeRight).toBeNull();

    // The audit (a later issue) rejects it.
    const manager = await t.userByUsername(STORE);
    await t.database.db
      .update(taskSubmissions)
      .set({
        decision: 'rejected',
        reviewReason: 'Two labels were wrong',
        reviewedBy: manager.id,
        reviewedAt: new Date(),
      })
      .where(eq(taskSubmissions.assignmentId, a.id));
    await tasks.setStatus(a.id, 'rejected');
    const rejected = await detail(STAFF, { assignment_id: a.id });
    expect(rejected.assignment).toMatchObject({
      status: 'rejected',
      done: false,
      rejection_reason: 'Two labels were wrong',
    });

    const again = await complete(STAFF, { assignment_id: a.id, comment: 'Fixed both labels' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'submitted', attempt: 2, rejection_reason: null });
    const history = await detail(STAFF, { task_id: task.id, date: today() });
    expect(history.submissions.map((s) => [s.attempt, s.comment, s.review?.decision ?? null])).toEqual([
      [1, 'All correct', 'rejected'],
      [2, 'Fixed both labels', null],
    ]);
    expect(history.submissions[0]!.review).toMatchObject({
      reason: 'Two labels were wrong',
      reviewed_by: { id: manager.id },
    });
  });

  it('answers 409 for work already completed, expired or withdrawn', async () => {
    const task = await tasks.createTask({ title: 'Check the fire exits' });
    const a = await tasks.assign(task.id, 'Sydney CBD', { date: today() });
    expect((await complete(STAFF, { assignment_id: a.id })).statusCode).toBe(200);
    const twice = await complete(STORE, { assignment_id: a.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already been completed/);

    const lapsed = await tasks.assign(task.id, 'Sydney CBD', {
      date: localDate(SYDNEY, -2),
      expiry: '18:00',
    });
    const expired = await complete(STAFF, { assignment_id: lapsed.id });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
    const marked = await tasks.assign(task.id, 'Sydney CBD', {
      date: localDate(SYDNEY, -3),
      status: 'expired',
    });
    expect((await complete(STAFF, { assignment_id: marked.id })).statusCode).toBe(409);
    const withdrawn = await tasks.assign(task.id, 'Sydney CBD', {
      date: localDate(SYDNEY, 1),
      status: 'cancelled',
    });
    expect((await complete(STAFF, { assignment_id: withdrawn.id })).statusCode).toBe(409);
    for (const id of [lapsed.id, marked.id, withdrawn.id]) expect(await submissionsOf(id)).toEqual([]);
  });

  it(`lets exactly one of two racing completions win${onPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const task = await tasks.createTask({ title: 'Sign for the delivery' });
    for (let round = 0; round < 5; round++) {
      const a = await tasks.assign(task.id, 'Sydney CBD', { date: localDate(SYDNEY, 10 + round) });
      const results = await Promise.all([
        complete(STAFF, { assignment_id: a.id, comment: 'staff' }),
        complete(STORE, { assignment_id: a.id, comment: 'manager' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await submissionsOf(a.id);
      expect(rows).toHaveLength(1);
      const winner = results.find((r) => r.statusCode === 200)!;
      expect(rows[0]!.comment).toBe(winner === results[0] ? 'staff' : 'manager');
    }
  });

  it('keeps each store to its own work: 403 outside the position, 404 for another tenant, 403 without complete', async () => {
    const task = await tasks.createTask({ title: 'Count the floats' });
    const parramatta = await tasks.assign(task.id, 'Parramatta', { date: today() });
    const res = await complete(STAFF, { assignment_id: parramatta.id });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.injectAs(STAFF, { url: '/api/user/task/get', query: { assignment_id: parramatta.id } }))
        .statusCode,
    ).toBe(403);
    expect((await tasks.assignment(parramatta.id)).status).toBe('open');
    // The area manager may complete it for the store.
    expect((await complete('area@acme.test', { assignment_id: parramatta.id })).statusCode).toBe(200);

    const foreign = await tasks.createTask({ title: 'Globex work', tenant: 'globex' });
    const node = await firstWorkspace('globex');
    const theirs = await tasks.assign(foreign.id, node, { date: today(), tenant: 'globex' });
    expect((await complete(STAFF, { assignment_id: theirs.id })).statusCode).toBe(404);
    expect(
      (await t.injectAs(STAFF, { url: '/api/user/task/get', query: { assignment_id: theirs.id } }))
        .statusCode,
    ).toBe(404);
    expect((await complete(STAFF, { assignment_id: 9_999_999 })).statusCode).toBe(404);

    const { roles, rolePermissions } = await import('../../server/db/schema');
    const tenantId = await org.tenantId();
    const [role] = await t.database.db
      .insert(roles)
      .values({ tenantId, name: 'Reader' })
      .returning({ id: roles.id });
    await t.database.db
      .insert(rolePermissions)
      .values({ tenantId, roleId: role!.id, module: 'mytasks', capabilities: ['read'] });
    await org.addUser('reader@acme.test', 'Sydney CBD', 'Reader');
    const mine = await tasks.assign(task.id, 'Sydney CBD', { date: today() });
    expect((await complete('reader@acme.test', { assignment_id: mine.id })).statusCode).toBe(403);
    expect(
      (await t.injectAs('reader@acme.test', { url: '/api/user/task/get', query: { assignment_id: mine.id } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/user/task/complete',
          payload: { assignment_id: mine.id },
        })
      ).statusCode,
    ).toBe(401);
    const bad = await complete(STAFF, {
      assignment_id: mine.id,
      outcome: 'maybe',
    } as unknown as MyTaskCompleteBody);
    expect(bad.statusCode).toBe(400);
    expect((await tasks.assignment(mine.id)).status).toBe('open');
  });
});

async function firstWorkspace(tenant: string) {
  const { hierarchyNodes } = await import('../../server/db/schema');
  const [row] = await t.database.db
    .select({ name: hierarchyNodes.name })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, await org.tenantId(tenant)), eq(hierarchyNodes.type, 'workspace')))
    .limit(1);
  return row!.name;
}
