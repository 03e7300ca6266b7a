import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completionRequests, taskSubmissionFiles } from '../../server/db/schema';
import { forgetOldCompletionIds } from '../../server/modules/mytasks/forget';
import { STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { onPostgres } from './helpers/target';
import { localDate, taskBuilder } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

/*
 * Issue 30: a phone's offline queue may send one completion twice (a reply lost on a weak
 * signal, a retry racing the first). The client id makes it one submission, whatever the timing.
 */
const t = suiteApp();
const tasks = taskBuilder(t);

const { complete, submissionsOf } = taskKit(t);
const filesOf = (submissionId: number) =>
  t.database.db.select().from(taskSubmissionFiles).where(eq(taskSubmissionFiles.submissionId, submissionId));

describe('POST /api/user/task/complete with a client_id', () => {
  it('stores a completion sent twice once, and answers the second as the first', async () => {
    const task = await tasks.createTask({ title: 'Photograph the bakery shelf', evidencePhotos: 1 });
    const a = await tasks.assign(task.id, 'Sydney CBD', { date: localDate(SYDNEY) });
    // The queue uploads the photo again on its second try: the same bytes are the same file.
    const photo = await tasks.upload(STAFF, 'shelf.jpg', 'photo');
    expect(await tasks.upload(STAFF, 'shelf.jpg', 'photo')).toBe(photo);
    const body = { assignment_id: a.id, attachments: [photo], comment: 'Full', client_id: randomUUID() };

    const first = await complete(STAFF, body);
    expect(first.statusCode, first.body).toBe(200);
    const second = await complete(STAFF, body);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());

    const rows = await submissionsOf(a.id);
    expect(rows).toHaveLength(1);
    expect((await filesOf(rows[0]!.id)).map((f) => f.hash)).toEqual([photo]);
  });

  it('refuses an id reused for another completion, and never answers one person with another’s', async () => {
    const task = await tasks.createTask({ title: 'Count the till' });
    const a = await tasks.assign(task.id, 'Sydney CBD', { date: localDate(SYDNEY, 1) });
    const id = randomUUID();
    expect((await complete(STAFF, { assignment_id: a.id, comment: 'ok', client_id: id })).statusCode).toBe(
      200,
    );

    const changed = await complete(STAFF, { assignment_id: a.id, comment: 'changed', client_id: id });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'completion_id_reused',
      errors: { client_id: expect.any(String) },
    });

    // Another person's request with the same id is their own: the task is done, so 409.
    const other = await complete(STORE, { assignment_id: a.id, comment: 'ok', client_id: id });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('task_completed');
    expect(await submissionsOf(a.id)).toHaveLength(1);
  });

  it('names why a late completion is refused, so a queued one can say it', async () => {
    const task = await tasks.createTask({ title: 'Check the cold store' });
    const lapsed = await tasks.assign(task.id, 'Sydney CBD', {
      date: localDate(SYDNEY, -2),
      expiry: '18:00',
    });
    const withdrawn = await tasks.assign(task.id, 'Sydney CBD', {
      date: localDate(SYDNEY, 2),
      status: 'cancelled',
    });
    const codeOf = async (assignmentId: number) =>
      (await complete(STAFF, { assignment_id: assignmentId, client_id: randomUUID() })).json().code;
    expect(await codeOf(lapsed.id)).toBe('task_expired');
    expect(await codeOf(withdrawn.id)).toBe('task_withdrawn');
    // A refused request claims nothing: the same id may be sent again (and is refused again).
    const id = randomUUID();
    expect((await complete(STAFF, { assignment_id: lapsed.id, client_id: id })).statusCode).toBe(409);
    expect((await complete(STAFF, { assignment_id: lapsed.id, client_id: id })).json().code).toBe(
      'task_expired',
    );
    expect(await submissionsOf(lapsed.id)).toEqual([]);
  });

  it('answers 400 for a client_id that is not a UUID', async () => {
    const res = await complete(STAFF, { assignment_id: 1, client_id: 'not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('client_id');
  });

  it(`makes identical requests sent at once one submission${onPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const task = await tasks.createTask({ title: 'Sign for the delivery', evidencePhotos: 1 });
    const photo = await tasks.upload(STAFF, 'delivery.jpg', 'photo');
    for (let round = 0; round < 6; round++) {
      const a = await tasks.assign(task.id, 'Sydney CBD', { date: localDate(SYDNEY, 10 + round) });
      const body = { assignment_id: a.id, attachments: [photo], client_id: randomUUID() };
      const results = await Promise.all([
        complete(STAFF, body),
        complete(STAFF, body),
        complete(STAFF, body),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(new Set(results.map((r) => r.body)).size).toBe(1);
      const rows = await submissionsOf(a.id);
      expect(rows).toHaveLength(1);
      expect(await filesOf(rows[0]!.id)).toHaveLength(1);
    }
  });
});

describe('the replay window', () => {
  it('forgets a completion’s client id after 30 days, and keeps the newer ones', async () => {
    const task = await tasks.createTask({ title: 'Check the cold room' });
    const old = await tasks.assign(task.id, 'Sydney CBD', { date: localDate(SYDNEY, 20) });
    const recent = await tasks.assign(task.id, 'Sydney CBD', { date: localDate(SYDNEY, 21) });
    const oldId = randomUUID();
    const recentId = randomUUID();
    for (const [a, id] of [
      [old, oldId],
      [recent, recentId],
    ] as const) {
      const res = await complete(STAFF, { assignment_id: a.id, comment: 'Cold', client_id: id });
      expect(res.statusCode, res.body).toBe(200);
    }
    const kept = () =>
      t.database.db
        .select({ clientId: completionRequests.clientId })
        .from(completionRequests)
        .where(inArray(completionRequests.clientId, [oldId, recentId]));
    // The job's clock 30 days and a minute after the first: only ids made before then go.
    const [first] = await t.database.db
      .select({ at: completionRequests.createdAt })
      .from(completionRequests)
      .where(eq(completionRequests.clientId, oldId));
    await t.database.db
      .update(completionRequests)
      .set({ createdAt: new Date(first!.at.getTime() - 86_400_000) })
      .where(eq(completionRequests.clientId, oldId));
    await forgetOldCompletionIds(t.database.db, new Date(first!.at.getTime() + 29 * 86_400_000 + 60_000));
    expect((await kept()).map((r) => r.clientId)).toEqual([recentId]);
  });
});
