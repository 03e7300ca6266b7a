import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  AuditStorePage,
  AuditSubmissionDetail,
  AuditSubmissionPage,
  AuditTaskPage,
} from '../../contract/api/audit';
import type { MyTaskCompleteBody, MyTaskDetail, MyTaskGroup } from '../../contract/api/mytasks';
import { departments, taskSubmissions } from '../../server/db/schema';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import type { InjectOptions } from './helpers/app';
import { appWithFiles, PNG } from './helpers/files';
import { organisation } from './helpers/organisation';
import { onPostgres } from './helpers/target';
import { localDate, taskBuilder } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

// Evidence is stored on disk: the reviewer downloads the store's real photo.
const t = appWithFiles('storeline-audit-');
const org = organisation(t);
const tasks = taskBuilder(t);
const kit = taskKit(t);
const GLOBEX = 'owner@globex.test';

const get = async <T>(as: string, url: string, query: Record<string, string | number> = {}) => {
  const res = await t.injectAs(as, { url, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const post = (as: string, url: string, payload: unknown) =>
  t.injectAs(as, { method: 'POST', url, payload } satisfies InjectOptions);
const complete = async (as: string, body: MyTaskCompleteBody) => {
  const res = await post(as, '/api/user/task/complete', body);
  expect(res.statusCode, res.body).toBe(200);
};
const submissionIdOf = async (assignmentId: number) => {
  const rows = await t.database.db
    .select({ id: taskSubmissions.id, attempt: taskSubmissions.attempt })
    .from(taskSubmissions)
    .where(eq(taskSubmissions.assignmentId, assignmentId));
  return rows.sort((a, b) => b.attempt - a.attempt)[0]!.id;
};

/** A task needing approval, assigned today at `store` and submitted there by `by`. */
async function submitted(title: string, store = 'Sydney CBD', by = STAFF, photos: string[] = []) {
  const task = await tasks.createTask({ title, approval: true, evidenceComment: true });
  const assignment = await tasks.assign(task.id, store, { date: localDate(SYDNEY) });
  const hashes = [];
  for (const name of photos) hashes.push(await tasks.upload(by, name, 'photo'));
  await complete(by, { assignment_id: assignment.id, comment: `Done: ${title}`, attachments: hashes });
  return { task, assignment, submissionId: await submissionIdOf(assignment.id), hashes };
}

describe('the audit queues', () => {
  it('lists tasks and stores with what waits, and an area manager sees only their area', async () => {
    const cbd = await submitted('Audit queue: window display');
    const melbourne = await submitted('Audit queue: window display', 'Melbourne Central', OWNER);
    const tasksOwner = await get<AuditTaskPage>(OWNER, '/api/audit/task/list', { q: 'Audit queue' });
    expect(tasksOwner.data.map((r) => [r.id, r.waiting])).toEqual(
      expect.arrayContaining([
        [cbd.task.id, 1],
        [melbourne.task.id, 1],
      ]),
    );
    expect(tasksOwner.data.find((r) => r.id === cbd.task.id)).toMatchObject({
      title: 'Audit queue: window display',
      approved: 0,
      rejected: 0,
      oldest_waiting_at: expect.any(String),
    });

    const area = await get<AuditTaskPage>(AREA, '/api/audit/task/list', { q: 'Audit queue' });
    expect(area.data.map((r) => r.id)).toEqual([cbd.task.id]);
    const stores = await get<AuditStorePage>(AREA, '/api/audit/store/list', { q: 'Sydney CBD' });
    expect(stores.data).toHaveLength(1);
    expect(stores.data[0]).toMatchObject({
      name: 'Sydney CBD',
      parent_path: expect.stringContaining('Sydney Metro'),
    });
    expect(stores.data[0]!.waiting).toBeGreaterThanOrEqual(1);

    const list = await get<AuditSubmissionPage>(AREA, '/api/audit/submission/list', { task_id: cbd.task.id });
    expect(list.data.map((s) => s.id)).toEqual([cbd.submissionId]);
    expect(list.data[0]).toMatchObject({ state: 'waiting', attempt: 1, workspace: { name: 'Sydney CBD' } });
    // The Melbourne store lies outside Sydney Metro.
    const outside = await t.injectAs(AREA, {
      url: '/api/audit/submission/get',
      query: { id: melbourne.submissionId },
    });
    expect(outside.statusCode).toBe(403);
    const node = await org.node('Melbourne Central');
    const filtered = await t.injectAs(AREA, { url: '/api/audit/task/list', query: { node_id: node.id } });
    expect(filtered.statusCode).toBe(403);
  });

  it('shows a submission beside its instructions, with every attempt', async () => {
    const s = await submitted('Audit detail: fridge temperatures', 'Sydney CBD', STAFF, ['fridge.jpg']);
    const detail = await get<AuditSubmissionDetail>(STORE, '/api/audit/submission/get', {
      id: s.submissionId,
    });
    expect(detail.task).toMatchObject({
      title: 'Audit detail: fridge temperatures',
      description: '<p>Do it well.</p>',
    });
    expect(detail.submission).toMatchObject({ state: 'waiting', photos: 1, cover: s.hashes[0] });
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({
      comment: 'Done: Audit detail: fridge temperatures',
      review: null,
    });
    expect(detail).toMatchObject({ can_review: true, review_blocked: null });
  });
});

describe('approving and rejecting', () => {
  it('rejects with a reason the store sees, counts the next attempt and records first-time-right', async () => {
    const s = await submitted('Audit: price labels', 'Sydney CBD', STAFF, ['labels.jpg']);

    const noReason = await post(AREA, '/api/audit/reject', { id: s.submissionId, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toMatch(/why/);
    const wrongPhoto = await post(AREA, '/api/audit/reject', {
      id: s.submissionId,
      reason: 'Wrong',
      attachment: 'f'.repeat(64),
    });
    expect(wrongPhoto.statusCode).toBe(400);
    expect((await tasks.assignment(s.assignment.id)).status).toBe('submitted');

    const rejected = await post(AREA, '/api/audit/reject', {
      id: s.submissionId,
      reason: 'Two labels show last week’s price',
      attachment: s.hashes[0],
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await tasks.assignment(s.assignment.id)).toMatchObject({
      status: 'rejected',
      firstTimeRight: false,
    });

    const card = await get<MyTaskDetail>(STAFF, '/api/user/task/get', { assignment_id: s.assignment.id });
    expect(card.assignment).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Two labels show last week’s price',
    });
    expect(card.submissions[0]!.review).toMatchObject({ decision: 'rejected', attachment: s.hashes[0] });

    const again = await post(AREA, '/api/audit/approve', { ids: [s.submissionId] });
    expect(again.statusCode).toBe(409);

    await complete(STAFF, { assignment_id: s.assignment.id, comment: 'Relabelled' });
    const second = await submissionIdOf(s.assignment.id);
    const detail = await get<AuditSubmissionDetail>(AREA, '/api/audit/submission/get', { id: second });
    expect(detail.submission.attempt).toBe(2);
    expect(detail.history.map((h) => [h.attempt, h.review?.decision ?? null])).toEqual([
      [1, 'rejected'],
      [2, null],
    ]);
    const approved = await post(AREA, '/api/audit/approve', { ids: [second] });
    expect(approved.statusCode, approved.body).toBe(200);
    // Approved, but on the second attempt: not first-time-right.
    expect(await tasks.assignment(s.assignment.id)).toMatchObject({
      status: 'approved',
      firstTimeRight: false,
    });
  });

  it('approves several at once as first-time-right, all or nothing', async () => {
    const a = await submitted('Audit bulk: one');
    const b = await submitted('Audit bulk: two');
    const c = await submitted('Audit bulk: three');
    expect((await post(STORE, '/api/audit/approve', { ids: [c.submissionId] })).statusCode).toBe(200);

    const mixed = await post(STORE, '/api/audit/approve', {
      ids: [a.submissionId, b.submissionId, c.submissionId],
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toMatch(/1 of these 3/);
    expect((await tasks.assignment(a.assignment.id)).status).toBe('submitted');

    const both = await post(STORE, '/api/audit/approve', { ids: [a.submissionId, b.submissionId] });
    expect(both.statusCode, both.body).toBe(200);
    for (const s of [a, b, c])
      expect(await tasks.assignment(s.assignment.id)).toMatchObject({
        status: 'approved',
        firstTimeRight: true,
      });
  });

  it('refuses reviewing your own submission below the root, and people without audit.update', async () => {
    const own = await submitted('Audit: own work', 'Sydney CBD', STORE);
    const self = await post(STORE, '/api/audit/approve', { ids: [own.submissionId] });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toMatch(/your own/);
    const detail = await get<AuditSubmissionDetail>(STORE, '/api/audit/submission/get', {
      id: own.submissionId,
    });
    expect(detail).toMatchObject({ can_review: false, review_blocked: expect.stringMatching(/your own/) });

    const staff = await post(STAFF, '/api/audit/approve', { ids: [own.submissionId] });
    expect(staff.statusCode).toBe(403);
    expect((await t.injectAs(STAFF, { url: '/api/audit/task/list' })).statusCode).toBe(403);

    // The owner sits at the root: nobody above them, so they may approve their own.
    const root = await submitted('Audit: owner’s own', 'Sydney CBD', OWNER);
    expect((await post(OWNER, '/api/audit/approve', { ids: [root.submissionId] })).statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s submission and 403 outside scope', async () => {
    const s = await submitted('Audit: isolation');
    expect(
      (await t.injectAs(GLOBEX, { url: '/api/audit/submission/get', query: { id: s.submissionId } }))
        .statusCode,
    ).toBe(404);
    expect((await post(GLOBEX, '/api/audit/approve', { ids: [s.submissionId] })).statusCode).toBe(404);
    expect((await post(GLOBEX, '/api/audit/reject', { id: s.submissionId, reason: 'No' })).statusCode).toBe(
      404,
    );
    const melbourne = await submitted('Audit: far away', 'Melbourne Central', OWNER);
    expect((await post(AREA, '/api/audit/approve', { ids: [melbourne.submissionId] })).statusCode).toBe(403);
    expect((await tasks.assignment(melbourne.assignment.id)).status).toBe('submitted');
  });

  it.runIf(onPostgres)('lets exactly one of two racing reviewers decide', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await submitted(`Audit race ${round}`);
      const answers = await Promise.all([
        post(AREA, '/api/audit/approve', { ids: [s.submissionId] }),
        post(OWNER, '/api/audit/reject', { id: s.submissionId, reason: 'Blurred photo' }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const [row] = await t.database.db
        .select()
        .from(taskSubmissions)
        .where(eq(taskSubmissions.id, s.submissionId));
      const assignment = await tasks.assignment(s.assignment.id);
      // The assignment and the submission tell the same story: the winner's.
      expect(assignment.status).toBe(row!.decision);
    }
  });

  it.runIf(onPostgres)(
    'settles overlapping bulk approvals without a deadlock: one batch wins whole',
    async () => {
      for (let round = 0; round < 5; round++) {
        const a = await submitted(`Audit bulk race ${round} a`);
        const b = await submitted(`Audit bulk race ${round} b`);
        const answers = await Promise.all([
          post(AREA, '/api/audit/approve', { ids: [a.submissionId, b.submissionId] }),
          post(OWNER, '/api/audit/approve', { ids: [b.submissionId, a.submissionId] }),
          post(STORE, '/api/audit/reject', { id: b.submissionId, reason: 'Wrong shelf' }),
        ]);
        const codes = answers.map((x) => x.statusCode);
        expect(
          codes.filter((c) => c === 200),
          JSON.stringify(codes),
        ).toHaveLength(1);
        expect(codes.filter((c) => c === 409)).toHaveLength(2);
        const [sa, sb] = [await tasks.assignment(a.assignment.id), await tasks.assignment(b.assignment.id)];
        if (codes[2] === 200) expect([sa.status, sb.status]).toEqual(['submitted', 'rejected']);
        else expect([sa.status, sb.status]).toEqual(['approved', 'approved']);
      }
    },
  );
});

/** A photo uploaded through the API; `label` makes its bytes (and hash) unique. */
async function uploadPhoto(as: string, label: string) {
  const bytes = Buffer.concat([PNG, Buffer.from(label)]);
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), `${label}.png`);
  const res = await t.injectAs(as, { method: 'POST', url: '/api/user/task/upload', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return { hash: res.json().data.hash as string, bytes };
}
const download = (as: string, hash: string) =>
  t.injectAs(as, { url: '/api/task/attachments/download', query: { hash } });

describe('a task published with approval, completed in My Tasks, reviewed in the audit', () => {
  it('goes submitted → rejected (reason on the store’s card) → resubmitted → approved', async () => {
    const today = localDate(SYDNEY);
    const taskId = await kit.published(OWNER, {
      title: 'Audit flow: end-cap display',
      approval: true,
      start_date: today,
      start_time: '00:00',
      due_date: today,
      due_time: '23:59',
      evidence: { comment: true, photos: 1, files: 0 },
    });
    const stores = await kit.assignmentsOf(taskId);
    expect(stores.map((s) => s.store)).toEqual(['Bondi Junction', 'Parramatta', 'Sydney CBD']);
    // Raw rows: PostgreSQL hands the ids back as text.
    const cbd = { id: Number(stores.find((s) => s.store === 'Sydney CBD')!.id) };
    const bondi = { id: Number(stores.find((s) => s.store === 'Bondi Junction')!.id) };

    // The store's team member sends a photo through My Tasks.
    const first = await uploadPhoto(STAFF, 'end-cap-1');
    await complete(STAFF, { assignment_id: cbd.id, comment: 'Built', attachments: [first.hash] });
    expect((await tasks.assignment(cbd.id)).status).toBe('submitted');

    const queue = await get<AuditTaskPage>(AREA, '/api/audit/task/list', { q: 'end-cap display' });
    expect(queue.data).toEqual([
      expect.objectContaining({ id: taskId, waiting: 1, approved: 0, rejected: 0 }),
    ]);
    const [row] = (await get<AuditSubmissionPage>(AREA, '/api/audit/submission/list', { task_id: taskId }))
      .data;
    expect(row).toMatchObject({ attempt: 1, photos: 1, cover: first.hash, state: 'waiting' });

    // The reviewer in scope sees the evidence photo through the file download route; nobody else.
    const photo = await download(AREA, first.hash);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(first.bytes)).toBe(true);
    expect((await download(GLOBEX, first.hash)).statusCode).toBe(404);

    const rejected = await post(AREA, '/api/audit/reject', {
      id: row!.id,
      reason: 'The top shelf is empty',
      attachment: first.hash,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // Back in the store's day at once, open again, with the reason on its card.
    const day = await t.injectAs(STAFF, {
      url: '/api/user/task/date',
      query: { datetime: today, timezone: SYDNEY },
    });
    expect(day.statusCode, day.body).toBe(200);
    const card = (day.json().data.data as MyTaskGroup[])
      .flatMap((g) => g.tasks)
      .find((c) => c.assignment_id === cbd.id);
    expect(card).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The top shelf is empty',
      done: false,
    });

    const second = await uploadPhoto(STAFF, 'end-cap-2');
    await complete(STAFF, {
      assignment_id: cbd.id,
      comment: 'Filled the top shelf',
      attachments: [second.hash],
    });
    expect(await tasks.assignment(cbd.id)).toMatchObject({ status: 'submitted', attempt: 2 });
    const secondId = await submissionIdOf(cbd.id);
    const detail = await get<AuditSubmissionDetail>(AREA, '/api/audit/submission/get', { id: secondId });
    expect(detail.submission).toMatchObject({ attempt: 2, cover: second.hash });
    expect(
      detail.history.map((h) => [h.attempt, h.review?.decision ?? null, h.review?.reason ?? null]),
    ).toEqual([
      [1, 'rejected', 'The top shelf is empty'],
      [2, null, null],
    ]);
    expect(detail.history[0]!.review?.attachment).toBe(first.hash);
    // The photo the reason points at stays visible to the reviewer.
    expect((await download(AREA, first.hash)).statusCode).toBe(200);

    expect((await post(AREA, '/api/audit/approve', { ids: [secondId] })).statusCode).toBe(200);
    expect(await tasks.assignment(cbd.id)).toMatchObject({ status: 'approved', firstTimeRight: false });

    // Another store gets it right the first time.
    await complete(OWNER, {
      assignment_id: bondi.id,
      comment: 'Built',
      attachments: [(await uploadPhoto(OWNER, 'bondi')).hash],
    });
    expect(
      (await post(AREA, '/api/audit/approve', { ids: [await submissionIdOf(bondi.id)] })).statusCode,
    ).toBe(200);
    expect(await tasks.assignment(bondi.id)).toMatchObject({
      status: 'approved',
      firstTimeRight: true,
      attempt: 1,
    });

    // Nothing waits any more: gone from the default queue, counted under "all".
    expect((await get<AuditTaskPage>(AREA, '/api/audit/task/list', { q: 'end-cap display' })).total).toBe(0);
    const all = await get<AuditTaskPage>(AREA, '/api/audit/task/list', {
      q: 'end-cap display',
      status: 'all',
    });
    expect(all.data).toEqual([
      expect.objectContaining({ id: taskId, waiting: 0, approved: 2, rejected: 1, oldest_waiting_at: null }),
    ]);
  });
});

describe('queue filters', () => {
  it('filters by due date, type, department, place and state, and pages', async () => {
    const tenantId = await org.tenantId();
    const [bakery] = await t.database.db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.tenantId, tenantId))
      .limit(1);
    const yesterday = localDate(SYDNEY, -1);
    const today = localDate(SYDNEY);
    const make = async (
      title: string,
      values: { kind?: 'urgent'; departmentId?: number; date: string; store: string },
    ) => {
      const task = await tasks.createTask({
        title,
        approval: true,
        kind: values.kind,
        departmentId: values.departmentId,
      });
      const assignment = await tasks.assign(task.id, values.store, { date: values.date });
      await complete(OWNER, { assignment_id: assignment.id });
      return { task, assignment, submissionId: await submissionIdOf(assignment.id) };
    };
    const old = await make('Filters: old', { date: yesterday, store: 'Sydney CBD' });
    const urgent = await make('Filters: urgent', { kind: 'urgent', date: today, store: 'Parramatta' });
    const dept = await make('Filters: department', {
      departmentId: bakery!.id,
      date: today,
      store: 'Sydney CBD',
    });
    const far = await make('Filters: far', { date: today, store: 'Melbourne Central' });
    const ids = (page: AuditTaskPage) => page.data.map((r) => r.id).sort((a, b) => a - b);
    const q = 'Filters:';

    expect(ids(await get(OWNER, '/api/audit/task/list', { q }))).toEqual(
      [old, urgent, dept, far].map((x) => x.task.id).sort((a, b) => a - b),
    );
    expect(ids(await get(OWNER, '/api/audit/task/list', { q, from: today }))).not.toContain(old.task.id);
    expect(ids(await get(OWNER, '/api/audit/task/list', { q, to: yesterday }))).toEqual([old.task.id]);
    const urgentType = await tasks.typeId('urgent', 'acme');
    expect(ids(await get(OWNER, '/api/audit/task/list', { q, type_id: urgentType }))).toEqual([
      urgent.task.id,
    ]);
    expect(ids(await get(OWNER, '/api/audit/task/list', { q, department_id: bakery!.id }))).toEqual([
      dept.task.id,
    ]);
    const metro = await org.node('Sydney Metro');
    expect(ids(await get(OWNER, '/api/audit/task/list', { q, node_id: metro.id }))).not.toContain(
      far.task.id,
    );

    // By store: the search is on the store's name; the filters work the same.
    const stores = await get<AuditStorePage>(OWNER, '/api/audit/store/list', {
      q: 'Parramatta',
      type_id: urgentType,
    });
    expect(stores.data.map((r) => r.name)).toEqual(['Parramatta']);
    const parramatta = await org.node('Parramatta');
    const fromStore = await get<AuditSubmissionPage>(OWNER, '/api/audit/submission/list', {
      workspace_id: parramatta.id,
      type_id: urgentType,
    });
    expect(fromStore.data.map((s) => s.id)).toEqual([urgent.submissionId]);
    // The list opened from a queue line keeps the line's filters (the place too).
    const outside = await get<AuditSubmissionPage>(OWNER, '/api/audit/submission/list', {
      task_id: far.task.id,
      node_id: metro.id,
    });
    expect(outside.total).toBe(0);

    // States: after a rejection the task is listed under rejected, not waiting.
    expect(
      (await post(OWNER, '/api/audit/reject', { id: dept.submissionId, reason: 'Blurred' })).statusCode,
    ).toBe(200);
    expect(ids(await get(OWNER, '/api/audit/task/list', { q, status: 'rejected' }))).toEqual([dept.task.id]);
    expect(ids(await get(OWNER, '/api/audit/task/list', { q }))).not.toContain(dept.task.id);
    const rejectedList = await get<AuditSubmissionPage>(OWNER, '/api/audit/submission/list', {
      task_id: dept.task.id,
      status: 'rejected',
    });
    expect(rejectedList.data.map((s) => [s.id, s.state])).toEqual([[dept.submissionId, 'rejected']]);

    // Pages: one at a time, the same total on each.
    const page1 = await get<AuditTaskPage>(OWNER, '/api/audit/task/list', { q, per_page: 1, page: 1 });
    const page2 = await get<AuditTaskPage>(OWNER, '/api/audit/task/list', { q, per_page: 1, page: 2 });
    expect([page1.total, page2.total]).toEqual([3, 3]);
    expect(page1.data[0]!.id).not.toBe(page2.data[0]!.id);
    // The longest waiting first.
    expect(page1.data[0]!.oldest_waiting_at! <= page2.data[0]!.oldest_waiting_at!).toBe(true);
  });

  it('answers 404 for another tenant’s task or store, 403 for a place outside scope, 400 for bad input', async () => {
    const globexTask = await tasks.createTask({ title: 'Globex audit', tenant: 'globex' });
    const list = (as: string, query: Record<string, string | number>) =>
      t.injectAs(as, { url: '/api/audit/submission/list', query });
    expect((await list(OWNER, { task_id: globexTask.id })).statusCode).toBe(404);
    const springfield = await org.node('Springfield', 'globex');
    expect((await list(OWNER, { workspace_id: springfield.id })).statusCode).toBe(404);
    expect(
      (await t.injectAs(OWNER, { url: '/api/audit/store/list', query: { node_id: springfield.id } }))
        .statusCode,
    ).toBe(404);
    const melbourne = await org.node('Melbourne Central');
    expect((await list(AREA, { workspace_id: melbourne.id })).statusCode).toBe(403);
    expect((await list(AREA, { node_id: melbourne.id })).statusCode).toBe(403);
    expect(
      (await t.injectAs(OWNER, { url: '/api/audit/task/list', query: { from: 'yesterday' } })).statusCode,
    ).toBe(400);
    expect((await post(OWNER, '/api/audit/approve', { ids: [] })).statusCode).toBe(400);
    const noReason = await post(OWNER, '/api/audit/reject', { id: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
  });
});
