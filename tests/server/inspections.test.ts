import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_INCOMPLETE_CODE } from '../../contract/api/inspections';
import { inspections } from '../../server/db/schema';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { appWithFiles } from './helpers/files';
import { formTemplateRows } from './helpers/formTemplates';
import { inspectionCalls, pdfText, picture, STORE_VISIT } from './helpers/inspections';
import { organisation } from './helpers/organisation';
import { localDate } from './helpers/taskRows';

/*
 * Issue 48, the inspection's whole flow against the real server: an Area Manager of Sydney Metro
 * inspects Sydney CBD with a form of weights 1, 2 and 3 and an N/A, finishes it once it owes
 * nothing, and the store's manager reads it, its photos and its report.
 */

const t = appWithFiles('storeline-inspections-');
const org = organisation(t);
const forms = formTemplateRows(t);
const api = inspectionCalls(t);
const GLOBEX = 'owner@globex.test';
const PARRAMATTA_MANAGER = 'parramatta.manager@acme.test';

let templateId = 0;
let cbd = 0;
let inspectionId = 0;
let photo = '';
let signature = '';

beforeAll(async () => {
  ({ templateId } = await forms.addTemplate('Store visit', STORE_VISIT));
  cbd = await org.nodeId('Sydney CBD');
  await org.addUser(PARRAMATTA_MANAGER, 'Parramatta', 'Store Manager');
});

describe('an inspection of Sydney CBD by its Area Manager', () => {
  it('starts with the template’s current version, the caller inspecting', async () => {
    const started = api.ok(await api.create(AREA, { template_id: templateId, store_id: cbd }));
    inspectionId = started.id;
    expect(started).toMatchObject({
      template: { id: templateId, name: 'Store visit', version: 1 },
      store: { id: cbd, name: 'Sydney CBD', timezone: SYDNEY },
      inspector: { id: (await t.userByUsername(AREA)).id, name: 'Aaron Area' },
      status: 'in_progress',
      completed_at: null,
      answers: {},
      percentage: null,
      editable: true,
      signature: null,
    });
    expect(started.definition).toEqual(STORE_VISIT);
  });

  it('refuses a store outside the caller’s part of the tree, another tenant’s template, and a team member', async () => {
    const melbourne = await org.nodeId('Melbourne Central');
    expect((await api.create(AREA, { template_id: templateId, store_id: melbourne })).statusCode).toBe(404);
    // A container is not a store.
    const area = await org.nodeId('Sydney Metro');
    expect((await api.create(AREA, { template_id: templateId, store_id: area })).statusCode).toBe(404);
    const globex = await forms.addTemplate('Globex visit', STORE_VISIT, 'globex');
    expect((await api.create(AREA, { template_id: globex.templateId, store_id: cbd })).statusCode).toBe(404);
    expect((await api.create(STAFF, { template_id: templateId, store_id: cbd })).statusCode).toBe(403);
    // A store visit is not the team member's to read: unknown to them, as to another tenant.
    expect((await api.get(STAFF, inspectionId)).statusCode).toBe(404);
    // Another tenant's inspection id is unknown, not forbidden.
    expect((await api.get(GLOBEX, inspectionId)).statusCode).toBe(404);
    expect((await api.answer(GLOBEX, inspectionId, 'q_stock', { value: 'yes' })).statusCode).toBe(404);
  });

  it('scores every saved answer with the weights: N/A and hidden questions out of the maximum', async () => {
    let now = api.ok(
      await api.answer(AREA, inspectionId, 'q_clean', { value: 'no', comment: 'Boxes by the door' }),
    );
    expect(now).toMatchObject({ points: 0, max_score: 1, percentage: 0, failed_count: 1 });
    now = api.ok(await api.answer(AREA, inspectionId, 'q_stock', { value: 'yes' }));
    now = api.ok(await api.answer(AREA, inspectionId, 'q_temp', { value: 4 }));
    now = api.ok(await api.answer(AREA, inspectionId, 'q_fire', { na: true }));
    // 2 + 3 earned of 1 + 2 + 3: the fire exits are N/A, the entrance failed.
    expect(now).toMatchObject({ points: 5, max_score: 6, percentage: 83.3, passed: true, failed_count: 1 });
    expect(now.failed).toEqual([
      {
        question_id: 'q_clean',
        section: 'Front of store',
        prompt: 'Is the entrance clean?',
        answer: { value: 'no', comment: 'Boxes by the door' },
      },
    ]);
    // A fridge out of range fails its 3 points.
    now = api.ok(await api.answer(AREA, inspectionId, 'q_temp', { value: 9 }));
    expect(now).toMatchObject({ points: 2, max_score: 6, percentage: 33.3, passed: false, failed_count: 2 });
    now = api.ok(await api.answer(AREA, inspectionId, 'q_temp', { value: 4 }));
    expect(now).toMatchObject({ points: 5, percentage: 83.3 });
  });

  it('keeps nothing that does not fit the form', async () => {
    const unknown = await api.answer(AREA, inspectionId, 'q_nowhere', { value: 'yes' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.question_id).toMatch(/no such question/);
    const wrong = await api.answer(AREA, inspectionId, 'q_temp', { value: 'cold' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.answer).toBe('Answer with a number.');
    const na = await api.answer(AREA, inspectionId, 'q_clean', { na: true });
    expect(na.json().errors.answer).toBe('This question cannot be answered N/A.');
    const notStored = await api.answer(AREA, inspectionId, 'q_clean', {
      value: 'no',
      photos: ['a'.repeat(64)],
    });
    expect(notStored.statusCode).toBe(400);
    expect(notStored.json().errors.photos).toBeDefined();
    expect(api.ok(await api.get(AREA, inspectionId)).answers.q_clean).toEqual({
      value: 'no',
      comment: 'Boxes by the door',
    });
  });

  it('writes nothing when the same answer is sent again', async () => {
    const row = async () =>
      (
        await t.database.db
          .select({ updatedAt: inspections.updatedAt, answers: inspections.answers })
          .from(inspections)
          .where(eq(inspections.id, inspectionId))
      )[0]!;
    const before = await row();
    api.ok(await api.answer(AREA, inspectionId, 'q_stock', { value: 'yes' }));
    expect(await row()).toEqual(before);
  });

  it('refuses to finish while questions are owed, naming each, then finishes once signed', async () => {
    signature = await api.upload(AREA, await picture(1, 'png'), 'signature.png');
    const refused = await api.finish(AREA, inspectionId, signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(INSPECTION_INCOMPLETE_CODE);
    // The failed entrance owes its photo, and the question it shows owes an answer.
    expect(refused.json().errors).toEqual({
      q_clean: 'Add a photo of what failed.',
      q_told: 'Answer this question.',
    });
    expect(api.ok(await api.get(AREA, inspectionId)).status).toBe('in_progress');

    photo = await api.upload(AREA, await picture(200), 'entrance.jpg');
    api.ok(
      await api.answer(AREA, inspectionId, 'q_clean', {
        value: 'no',
        comment: 'Boxes by the door',
        photos: [photo],
      }),
    );
    api.ok(await api.answer(AREA, inspectionId, 'q_told', { value: 'yes' }));
    const unsigned = await api.finish(AREA, inspectionId, 'b'.repeat(64));
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().errors.signature).toBeDefined();

    const finished = api.ok(await api.finish(AREA, inspectionId, signature, ' Aaron Area '));
    expect(finished).toMatchObject({
      status: 'completed',
      points: 5,
      max_score: 6,
      percentage: 83.3,
      passed: true,
      signature: { hash: signature, name: 'Aaron Area' },
      editable: false,
    });
    expect(finished.completed_at).not.toBeNull();
    expect((await api.finish(AREA, inspectionId, signature)).statusCode).toBe(409);
    expect((await api.answer(AREA, inspectionId, 'q_stock', { value: 'no' })).statusCode).toBe(409);
  });

  it('tells the store’s readers in the app and mails the store’s contact address a link', async () => {
    await t.app.jobs.drain();
    const notices = await t.injectAs(STORE, {
      url: '/api/notification/list',
      query: { page: 1, per_page: 20 },
    });
    const notice = api.ok(notices).data.find((n: { event: string }) => n.event === 'inspection.completed');
    // The bell opens the inspection itself, as the mail's link does.
    expect(notice).toMatchObject({
      task_title: 'Store visit',
      store_name: 'Sydney CBD',
      inspection_id: inspectionId,
    });
    // A team member of the store does not read inspections: not told.
    const staff = api.ok(
      await t.injectAs(STAFF, { url: '/api/notification/list', query: { page: 1, per_page: 20 } }),
    );
    expect(staff.data.some((n: { event: string }) => n.event === 'inspection.completed')).toBe(false);
    const [mail] = await t.mailsTo('sydney.cbd@stores.example');
    expect(mail?.subject).toBe('Inspection finished at Sydney CBD: Store visit');
    expect(mail?.body).toContain(`/api/inspection/report?id=${inspectionId}`);
    expect(mail?.body).toContain('5/6 (83.3%)');
    expect(mail?.body).toContain(`/audit/inspection/${inspectionId}`);
  });

  it('lets the store manager read it, its photo and its report; not a manager of another store', async () => {
    const read = api.ok(await api.get(STORE, inspectionId));
    expect(read).toMatchObject({ status: 'completed', editable: false, percentage: 83.3 });
    expect(read.answers.q_clean.photos).toEqual([photo]);
    const download = (as: string, hash: string) =>
      t.injectAs(as, { url: '/api/task/attachments/download', query: { hash } });
    expect((await download(STORE, photo)).statusCode).toBe(200);
    expect((await download(STORE, signature)).statusCode).toBe(200);
    const thumbnail = await t.injectAs(STORE, {
      url: '/api/task/attachments/thumbnail',
      query: { hash: photo },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect((await download(PARRAMATTA_MANAGER, photo)).statusCode).toBe(404);
    expect((await api.get(PARRAMATTA_MANAGER, inspectionId)).statusCode).toBe(404);
    expect((await api.report(PARRAMATTA_MANAGER, inspectionId)).statusCode).toBe(404);

    const report = await api.report(STORE, inspectionId);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(report.rawPayload);
    expect(text).toContain('Sydney CBD');
    expect(text).toContain('Store visit, version 1');
    expect(text).toContain('5 / 6 (83.3%)');
    // The failed item comes before the sections that list every answer.
    const failed = text.indexOf('Failed items (1)');
    expect(failed).toBeGreaterThan(-1);
    expect(text.indexOf('Is the entrance clean?')).toBeGreaterThan(failed);
    const sections = text.lastIndexOf('Front of store');
    expect(sections).toBeGreaterThan(text.indexOf('Is the entrance clean?'));
    // Every answer follows, the entrance's again in its section, with the visible questions only.
    expect(text.indexOf('Is the entrance clean?', sections)).toBeGreaterThan(sections);
    expect(text.indexOf('Back of house')).toBeGreaterThan(sections);
    expect(text).toContain('Boxes by the door');
    expect(text).toContain('4 °C');
    expect(text).toContain('Signed by Aaron Area');
    // The photo and the signature are drawn as images.
    expect(report.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('keeps the version it started with when the template gets a new one', async () => {
    const second = structuredClone(STORE_VISIT);
    second.sections[0]!.questions[0]!.prompt = 'Is the entrance spotless?';
    await forms.addVersion(templateId, second);
    const open = api.ok(await api.create(AREA, { template_id: templateId, store_id: cbd }));
    expect(open.template.version).toBe(2);
    expect(open.definition.sections[0].questions[0].prompt).toBe('Is the entrance spotless?');
    const old = api.ok(await api.get(AREA, inspectionId));
    expect(old.template.version).toBe(1);
    expect(old.definition).toEqual(STORE_VISIT);
    // An inspection in progress keeps its version too.
    await forms.addVersion(templateId, STORE_VISIT);
    expect(api.ok(await api.get(AREA, open.id)).definition.sections[0].questions[0].prompt).toBe(
      'Is the entrance spotless?',
    );
    await forms.archive(templateId);
    expect((await api.create(AREA, { template_id: templateId, store_id: cbd })).statusCode).toBe(404);
    await t.database.db.execute(sql`UPDATE form_templates SET status = 'active' WHERE id = ${templateId}`);
  });

  it('logs the start and the finish in the administration log, not each answer', async () => {
    const tenantId = await org.tenantId();
    const entries = await t.database.db.execute(
      sql`SELECT action FROM activity_entries WHERE tenant_id = ${tenantId} AND entity = 'inspection'
        AND entity_id = ${String(inspectionId)} ORDER BY seq`,
    );
    const actions = (entries as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toEqual(['inspection.create', 'inspection.finish']);
  });

  it('is removed only with inspection.delete', async () => {
    const doomed = api.ok(await api.create(AREA, { template_id: templateId, store_id: cbd }));
    expect((await api.remove(AREA, doomed.id)).statusCode).toBe(403);
    expect((await api.remove(GLOBEX, doomed.id)).statusCode).toBe(404);
    expect(api.ok(await api.remove(OWNER, doomed.id))).toEqual({ id: doomed.id });
    expect((await api.get(AREA, doomed.id)).statusCode).toBe(404);
    const tenantId = await org.tenantId();
    const [left] = await t.database.db
      .select({ id: inspections.id })
      .from(inspections)
      .where(and(eq(inspections.tenantId, tenantId), eq(inspections.id, doomed.id)));
    expect(left).toBeUndefined();
  });
});

describe('the list, its export and the scores', () => {
  const from = localDate(SYDNEY, -3);
  const to = localDate(SYDNEY, 1);

  it('filters by store or area, status, score and template, and exports what it lists', async () => {
    const metro = await org.nodeId('Sydney Metro');
    const all = api.ok(await api.list(AREA, { node_id: metro, per_page: 200 }));
    expect(all.data.map((r: { id: number }) => r.id)).toContain(inspectionId);
    const done = api.ok(await api.list(AREA, { node_id: cbd, status: 'completed', from, to }));
    expect(done.data.map((r: { id: number }) => r.id)).toEqual([inspectionId]);
    expect(done.data[0]).toMatchObject({ percentage: 83.3, failed_count: 1, template: { version: 1 } });
    expect(api.ok(await api.list(AREA, { min_score: 90 })).total).toBe(0);
    expect(api.ok(await api.list(AREA, { max_score: 90, min_score: 80 })).total).toBe(1);
    expect(api.ok(await api.list(AREA, { template_id: templateId, status: 'in_progress' })).total).toBe(1);
    expect(api.ok(await api.list(AREA, { to: localDate(SYDNEY, -2) })).total).toBe(0);
    expect((await api.list(AREA, { node_id: await org.nodeId('Melbourne Central') })).statusCode).toBe(404);
    expect((await api.list(STAFF)).statusCode).toBe(403);
    // The Parramatta manager's part of the tree has none.
    expect(api.ok(await api.list(PARRAMATTA_MANAGER)).total).toBe(0);

    const csv = await api.list(AREA, { node_id: cbd, status: 'completed', format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(
      'Id,Template,Version,Store,Inspector,Status,Started (UTC),Finished (UTC),Points,Maximum,Score %,Passed,Failed items',
    );
    expect(row).toContain(`${inspectionId},Store visit,1,Sydney CBD,Aaron Area,completed,`);
    expect(row).toMatch(/,5,6,83\.3,yes,1$/);
  });

  it('averages the finished inspections’ percentages as the list shows them', async () => {
    // A second finished inspection of Sydney CBD (100%) and one of Parramatta (0%).
    const perfect = api.ok(await api.create(AREA, { template_id: templateId, store_id: cbd }));
    for (const [q, value] of [
      ['q_clean', 'yes'],
      ['q_stock', 'yes'],
      ['q_fire', 'yes'],
    ] as const)
      api.ok(await api.answer(AREA, perfect.id, q, { value }));
    api.ok(await api.answer(AREA, perfect.id, 'q_temp', { value: 3 }));
    api.ok(await api.finish(AREA, perfect.id, signature));
    const parramatta = await org.nodeId('Parramatta');
    const poor = api.ok(await api.create(AREA, { template_id: templateId, store_id: parramatta }));
    const entrance = await api.upload(AREA, await picture(90), 'parramatta.jpg');
    api.ok(await api.answer(AREA, poor.id, 'q_clean', { value: 'no', photos: [entrance] }));
    api.ok(await api.answer(AREA, poor.id, 'q_told', { value: 'no' }));
    api.ok(await api.answer(AREA, poor.id, 'q_stock', { value: 'no' }));
    api.ok(await api.answer(AREA, poor.id, 'q_temp', { value: 12 }));
    api.ok(await api.answer(AREA, poor.id, 'q_fire', { value: 'no' }));
    api.ok(await api.finish(AREA, poor.id, signature));

    const listed = api.ok(await api.list(AREA, { node_id: cbd, status: 'completed', from, to }));
    const percentages = listed.data.map((r: { percentage: number }) => r.percentage);
    expect(percentages.sort()).toEqual([100, 83.3]);
    const mean =
      Math.round((percentages.reduce((a: number, b: number) => a + b, 0) / percentages.length) * 10) / 10;

    const store = api.ok(await api.scores(AREA, { node_id: cbd, from, to }));
    expect(store.totals).toEqual({ inspections: 2, average: mean, failed_items: 1 });
    expect(store.by_child).toEqual([]);
    const week = store.trend.find((p: { inspections: number }) => p.inspections > 0);
    expect(week).toMatchObject({ inspections: 2, average: mean });

    const metro = api.ok(await api.scores(AREA, { node_id: await org.nodeId('Sydney Metro'), from, to }));
    expect(metro.totals).toMatchObject({
      inspections: 3,
      average: Math.round(((100 + 83.3 + 0) / 3) * 10) / 10,
    });
    const byName = Object.fromEntries(metro.by_child.map((c: { name: string }) => [c.name, c]));
    expect(byName['Sydney CBD']).toMatchObject({ inspections: 2, average: mean, failed_items: 1 });
    // Every answer failed: four scored questions and the one its failure showed.
    expect(byName.Parramatta).toMatchObject({ inspections: 1, average: 0, latest: 0, failed_items: 5 });
    expect(byName['Bondi Junction']).toMatchObject({ inspections: 0, average: null, latest: null });
    // Without a node, the caller's own place: the area manager's is Sydney Metro.
    const own = api.ok(await api.scores(AREA, { from, to }));
    expect(own.node).toMatchObject({ name: 'Sydney Metro', type: 'container' });
    expect(own.totals).toEqual(metro.totals);
    // The per-child table as a file, the screen's rows.
    const csv = await api.scores(AREA, { from, to, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    const parramattaLine = csv.body.split(/\r?\n/).find((line) => line.includes('Parramatta'));
    expect(parramattaLine?.split(',').slice(1)).toEqual(['Parramatta', 'workspace', '1', '0', '0', '5']);
    // An area's store rolls up into its state's row.
    const nsw = api.ok(await api.scores(OWNER, { node_id: await org.nodeId('New South Wales'), from, to }));
    expect(nsw.by_child.find((c: { name: string }) => c.name === 'Sydney Metro')).toMatchObject({
      inspections: 3,
      average: metro.totals.average,
    });
    // Weeks start on the tenant's week starting day, every one from the range's first.
    expect(store.trend.length).toBeGreaterThanOrEqual(1);
    expect(
      new Set(store.trend.map((p: { week: string }) => new Date(`${p.week}T00:00:00Z`).getUTCDay())).size,
    ).toBe(1);
    expect(
      (await api.scores(AREA, { node_id: await org.nodeId('Melbourne Central'), from, to })).statusCode,
    ).toBe(404);
  });
});

describe('saves that arrive together', () => {
  it('keeps both of two questions answered at once, and lets one of two finishes win', async () => {
    const cbdId = await org.nodeId('Sydney CBD');
    const open = api.ok(await api.create(AREA, { template_id: templateId, store_id: cbdId }));
    const both = await Promise.all([
      api.answer(AREA, open.id, 'q_stock', { value: 'yes' }),
      api.answer(OWNER, open.id, 'q_temp', { value: 2 }),
      api.answer(AREA, open.id, 'q_fire', { value: 'yes' }),
    ]);
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    api.ok(await api.answer(AREA, open.id, 'q_clean', { value: 'yes' }));
    const saved = api.ok(await api.get(AREA, open.id));
    expect(Object.keys(saved.answers).sort()).toEqual(['q_clean', 'q_fire', 'q_stock', 'q_temp']);
    expect(saved).toMatchObject({ points: 8, max_score: 8, percentage: 100 });

    const finishes = await Promise.all([
      api.finish(AREA, open.id, signature),
      api.finish(OWNER, open.id, signature),
    ]);
    expect(finishes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const tenantId = await org.tenantId();
    const logged = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM activity_entries WHERE tenant_id = ${tenantId}
        AND action = 'inspection.finish' AND entity_id = ${String(open.id)}`,
    );
    expect((logged as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
