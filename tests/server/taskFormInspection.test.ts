import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyTaskGroup } from '../../contract/api/mytasks';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { appWithFiles } from './helpers/files';
import { formTemplateRows } from './helpers/formTemplates';
import { inspectionCalls, picture, STORE_VISIT } from './helpers/inspections';
import { organisation } from './helpers/organisation';
import { taskKit } from './helpers/tasks';

/*
 * Issue 48: a task that carries a form is completed by filling it in. A store's person opens the
 * form from My Tasks (one inspection per assignment, shared by the store's people), answers it and
 * finishes it with a signature; the finish completes the assignment, for review when the task
 * asks for approval. A send-back opens the form again with its answers kept.
 */

const t = appWithFiles('storeline-task-form-');
const org = organisation(t);
const forms = formTemplateRows(t);
const api = inspectionCalls(t);
const k = taskKit(t);
const MELBOURNE_STAFF = 'melbourne.staff@acme.test';
const CBD_COLLEAGUE = 'cbd.colleague@acme.test';

let templateId = 0;
let signature = '';

const openForm = (as: string, assignmentId: number) =>
  t.injectAs(as, { method: 'POST', url: '/api/user/task/form', payload: { assignment_id: assignmentId } });

/** A form task at Sydney CBD, published; answers the CBD assignment's id. */
async function formTask(title: string, overrides: Record<string, unknown> = {}) {
  const taskId = await k.published(OWNER, {
    title,
    form_template_id: templateId,
    evidence: { comment: false, photos: 0, files: 0 },
    targets: { include: [await org.nodeId('Sydney CBD')] },
    ...overrides,
  });
  const [assignment] = await k.assignmentsOf(taskId);
  return { taskId, assignmentId: Number(assignment!.id) };
}

/** Every required question of STORE_VISIT answered, the entrance failing with its photo. */
async function answerAll(as: string, id: number, photo: string) {
  api.ok(await api.answer(as, id, 'q_clean', { value: 'no', photos: [photo], comment: 'Boxes by the door' }));
  api.ok(await api.answer(as, id, 'q_stock', { value: 'yes' }));
  api.ok(await api.answer(as, id, 'q_temp', { value: 3 }));
  api.ok(await api.answer(as, id, 'q_fire', { value: 'na' }));
  api.ok(await api.answer(as, id, 'q_told', { value: 'yes' }));
}

async function cardOf(as: string, taskId: number) {
  const day = await t.injectAs(as, {
    url: '/api/user/task/date',
    query: { datetime: '2030-03-04', timezone: SYDNEY },
  });
  expect(day.statusCode, day.body).toBe(200);
  return (day.json().data.data as MyTaskGroup[]).flatMap((g) => g.tasks).find((c) => c.task_id === taskId);
}

beforeAll(async () => {
  ({ templateId } = await forms.addTemplate('Opening walk', STORE_VISIT));
  await org.addUser(MELBOURNE_STAFF, 'Melbourne Central', 'Team Member');
  await org.addUser(CBD_COLLEAGUE, 'Sydney CBD', 'Team Member');
  signature = await api.upload(STAFF, await picture(10, 'png'), 'signature.png');
});

describe('a task with a form, at the store', () => {
  it('is done by finishing its form: the plain completion is refused, the finish completes it', async () => {
    const { taskId, assignmentId } = await formTask('Open the store');
    const plain = await k.complete(STAFF, { assignment_id: assignmentId, outcome: 'done' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(
      'This task is completed by filling in its form: open the form and finish it.',
    );

    const opened = api.ok(await openForm(STAFF, assignmentId));
    expect(opened).toMatchObject({
      assignment_id: assignmentId,
      template: { id: templateId, name: 'Opening walk', version: 1 },
      store: { name: 'Sydney CBD' },
      status: 'in_progress',
      editable: true,
    });
    // Opened again, by the store's manager too: the same inspection, not a second one.
    expect(api.ok(await openForm(STAFF, assignmentId)).id).toBe(opened.id);
    expect(api.ok(await openForm(STORE, assignmentId)).id).toBe(opened.id);
    expect((await cardOf(STAFF, taskId))?.form).toEqual({
      name: 'Opening walk',
      inspection_id: opened.id,
      percentage: null,
    });

    const photo = await api.upload(STAFF, await picture(200), 'door.jpg');
    await answerAll(STAFF, opened.id, photo);
    const done = api.ok(await api.finish(STAFF, opened.id, signature, 'Sam Staff'));
    // Weights 1 (failed), 2, 3, and N/A left out: 5 of 6.
    expect(done).toMatchObject({ status: 'completed', points: 5, max_score: 6, percentage: 83.3 });
    const card = await cardOf(STAFF, taskId);
    expect(card?.status).toBe('done');
    expect(card?.form).toEqual({ name: 'Opening walk', inspection_id: opened.id, percentage: 83.3 });
    // A colleague at the store, who does not read inspections, sees the store's photo of it;
    // another store's team member does not.
    const download = (as: string) =>
      t.injectAs(as, { url: '/api/task/attachments/download', query: { hash: photo } });
    expect((await download(CBD_COLLEAGUE)).statusCode).toBe(200);
    expect((await download(MELBOURNE_STAFF)).statusCode).not.toBe(200);
  });

  it('goes for review when the task asks for approval, and a send-back opens the form again', async () => {
    const { taskId, assignmentId } = await formTask('Weekly standards', { approval: true });
    const opened = api.ok(await openForm(STAFF, assignmentId));
    const photo = await api.upload(STAFF, await picture(201), 'door.jpg');
    await answerAll(STAFF, opened.id, photo);
    api.ok(await api.finish(STAFF, opened.id, signature, 'Sam Staff'));
    expect((await cardOf(STAFF, taskId))?.status).toBe('submitted');

    const rows = await t.database.db.execute(
      sql`SELECT id FROM task_submissions WHERE tenant_id = ${await org.tenantId()}
        AND assignment_id = ${assignmentId}`,
    );
    const [submission] = (rows as unknown as { rows: { id: number }[] }).rows;
    const rejected = await t.injectAs(AREA, {
      method: 'POST',
      url: '/api/audit/reject',
      payload: { id: Number(submission!.id), reason: 'The entrance is still blocked' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const again = api.ok(await openForm(STAFF, assignmentId));
    expect(again).toMatchObject({ id: opened.id, status: 'in_progress', editable: true, signature: null });
    expect(again.answers.q_clean.value).toBe('no');
    api.ok(await api.answer(STAFF, opened.id, 'q_clean', { value: 'yes' }));
    expect(api.ok(await api.finish(STAFF, opened.id, signature, 'Sam Staff'))).toMatchObject({
      percentage: 100,
    });
    expect((await cardOf(STAFF, taskId))?.status).toBe('submitted');
  });

  it('still lets the store report it as cannot-do', async () => {
    const { taskId, assignmentId } = await formTask('Deep clean');
    const res = await k.complete(STAFF, {
      assignment_id: assignmentId,
      outcome: 'cannot_do',
      reason: 'The cleaner is off today',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cardOf(STAFF, taskId))?.status).toBe('cannot_do');
  });

  it('keeps another store’s people and another tenant out, and refuses a task without a form', async () => {
    const { assignmentId } = await formTask('Front window');
    expect((await openForm(MELBOURNE_STAFF, assignmentId)).statusCode).toBe(403);
    expect((await openForm('owner@globex.test', assignmentId)).statusCode).toBe(404);
    const opened = api.ok(await openForm(STAFF, assignmentId));
    expect((await api.get(MELBOURNE_STAFF, opened.id)).statusCode).toBe(404);
    expect((await api.answer(MELBOURNE_STAFF, opened.id, 'q_stock', { value: 'yes' })).statusCode).toBe(404);

    const plainTask = await k.published(OWNER, {
      title: 'No form',
      targets: { include: [await org.nodeId('Sydney CBD')] },
    });
    const [plain] = await k.assignmentsOf(plainTask);
    const refused = await openForm(STAFF, Number(plain!.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This task has no form to fill in.');
  });

  it('gives two people opening the form at once the one inspection', async () => {
    const { assignmentId } = await formTask('Two at once');
    const both = await Promise.all([openForm(STAFF, assignmentId), openForm(STORE, assignmentId)]);
    const ids = both.map((res) => api.ok(res).id);
    expect(ids[0]).toBe(ids[1]);
    const count = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM inspections WHERE tenant_id = ${await org.tenantId()}
        AND assignment_id = ${assignmentId}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
