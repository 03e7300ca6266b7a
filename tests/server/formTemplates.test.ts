import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FormDefinition, Question } from '../../contract/forms';
import { formTemplates, formTemplateVersions } from '../../server/db/schema';
import { currentVersionFor, versionById } from '../../server/modules/formtemplates/service';
import { AREA, OWNER, STAFF, STORE } from './helpers/acmePeople';
import { type InjectOptions, suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { taskKit } from './helpers/tasks';

/*
 * Form templates (issue 48) against the real server: what an administrator makes, what an
 * inspector is offered, and the versions inspections keep.
 */

const t = suiteApp();
const org = organisation(t);
const tasks = taskKit(t);
const GLOBEX = 'owner@globex.test';
const INSPECTOR = 'inspector@acme.test';

const yesNo = (id: string, weight: number, extra: Partial<Question> = {}): Question => ({
  id,
  kind: 'yes_no',
  prompt: `Is ${id} right?`,
  required: true,
  weight,
  allow_na: false,
  ...extra,
});

/** A store visit: two scored questions (2 + 3 points) and a note. */
const visit = (extra: Question[] = []): FormDefinition => ({
  sections: [
    {
      id: 'front',
      title: 'Front of store',
      questions: [
        yesNo('entrance', 2),
        {
          id: 'fridge',
          kind: 'number',
          prompt: 'Fridge temperature',
          required: true,
          weight: 3,
          allow_na: false,
          min: 0,
          max: 5,
          unit: '°C',
        },
        { id: 'notes', kind: 'text', prompt: 'Notes', required: false, weight: 0, allow_na: false },
        ...extra,
      ],
    },
  ],
  pass_mark: 80,
});

const call = (as: string, options: InjectOptions) => t.injectAs(as, options);
const list = (as: string, query: Record<string, string | number> = {}) =>
  call(as, { url: '/api/form-template/list', query });
const get = (as: string, id: number) => call(as, { url: '/api/form-template/get', query: { id } });
const create = (as: string, payload: Record<string, unknown>) =>
  call(as, { method: 'POST', url: '/api/form-template/create', payload });
const update = (as: string, payload: Record<string, unknown>) =>
  call(as, { method: 'PUT', url: '/api/form-template/update', payload });
const put = (as: string, verb: 'archive' | 'restore', id: number) =>
  call(as, { method: 'PUT', url: `/api/form-template/${verb}`, payload: { id } });
const duplicate = (as: string, id: number) =>
  call(as, { method: 'POST', url: '/api/form-template/duplicate', payload: { id } });
const remove = (as: string, id: number) =>
  call(as, { method: 'DELETE', url: '/api/form-template/delete', query: { id } });
const versions = (as: string, id: number) => call(as, { url: '/api/form-template/versions', query: { id } });

interface Made {
  id: number;
  name: string;
  version: number;
  version_id: number;
  definition: FormDefinition;
}

let made = 0;
/** A new template of Acme's, named uniquely unless a name is given. */
async function template(name = `Store visit ${++made}`, definition = visit(), as = OWNER): Promise<Made> {
  const res = await create(as, { name, description: 'Monthly walk-round', definition });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** An inspection made with a version, as the inspections module will store one. */
async function inspectWith(templateId: number, versionId: number) {
  const acme = await org.tenantId();
  const store = await org.nodeId('Sydney CBD');
  const inspector = await t.userByUsername(AREA);
  await t.database.executeSql(
    `INSERT INTO inspections (tenant_id, template_id, version_id, store_node_id, inspector_id)
     VALUES ($1, $2, $3, $4, $5)`,
    [acme, templateId, versionId, store, inspector.id],
  );
}

async function templateCount() {
  const [row] = await t.database.db.select({ n: count() }).from(formTemplates);
  return row!.n;
}

async function storedVersion(versionId: number) {
  const [row] = await t.database.db
    .select()
    .from(formTemplateVersions)
    .where(eq(formTemplateVersions.id, versionId));
  return row!;
}

describe('making and reading a template', () => {
  it('creates version 1 and answers it with its figures', async () => {
    const owner = await t.userByUsername(OWNER);
    const res = await create(OWNER, { name: '  Food safety  ', definition: visit() });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Food safety',
      description: '',
      status: 'active',
      version: 1,
      questions: 3,
      max_score: 5,
      inspections: 0,
      created_by: { id: owner.id, name: `${owner.firstname} ${owner.lastname}` },
      definition: visit(),
    });
    expect((await get(OWNER, data.id)).json().data).toEqual(data);
    const history = (await versions(OWNER, data.id)).json().data.data;
    expect(history).toEqual([
      expect.objectContaining({
        id: data.version_id,
        version: 1,
        questions: 3,
        max_score: 5,
        inspections: 0,
      }),
    ]);
  });

  it('lists the active ones by name, searches, sorts and pages', async () => {
    await template('Zebra crossing check');
    await template('Zebra stripes audit');
    const found = (await list(OWNER, { q: 'zebra', sort: 'name', order: 'desc' })).json().data;
    expect(found).toMatchObject({ total: 2, page: 1 });
    expect(found.data.map((r: { name: string }) => r.name)).toEqual([
      'Zebra stripes audit',
      'Zebra crossing check',
    ]);
    const second = (await list(OWNER, { q: 'zebra', per_page: 1, page: 2 })).json().data;
    expect(second.data.map((r: { name: string }) => r.name)).toEqual(['Zebra stripes audit']);
    expect(second.total).toBe(2);
    expect((await list(OWNER, { sort: 'questions' })).statusCode).toBe(400);
  });
});

describe('editing a template', () => {
  it('changes the current version in place while no inspection used it', async () => {
    const made = await template();
    const res = await update(OWNER, {
      id: made.id,
      name: made.name,
      description: 'Weekly now',
      definition: visit([yesNo('toilets', 4)]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      version: 1,
      version_id: made.version_id,
      description: 'Weekly now',
      questions: 4,
      max_score: 9,
    });
    expect((await versions(OWNER, made.id)).json().data.data).toHaveLength(1);
  });

  it('makes the next version once an inspection used the current one, and leaves that one as it was', async () => {
    const made = await template();
    await inspectWith(made.id, made.version_id);
    const res = await update(OWNER, {
      id: made.id,
      name: made.name,
      definition: visit([yesNo('toilets', 4)]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data;
    expect(edited).toMatchObject({ version: 2, questions: 4, max_score: 9, inspections: 1 });
    expect(edited.version_id).not.toBe(made.version_id);
    expect((await storedVersion(made.version_id)).definition).toEqual(visit());
    expect((await versions(OWNER, made.id)).json().data.data).toMatchObject([
      { id: edited.version_id, version: 2, questions: 4, inspections: 0 },
      { id: made.version_id, version: 1, questions: 3, inspections: 1 },
    ]);

    // A new name with the same content is no new version; version 2, unused, changes in place.
    const renamed = await update(OWNER, {
      id: made.id,
      name: `${made.name} (v2)`,
      definition: edited.definition,
    });
    expect(renamed.json().data).toMatchObject({ version: 2, version_id: edited.version_id });
    const again = await update(OWNER, { id: made.id, name: made.name, definition: visit() });
    expect(again.json().data).toMatchObject({ version: 2, version_id: edited.version_id, questions: 3 });

    // The inspections module reads both: the current one to start with, any one to show.
    const acme = await org.tenantId();
    expect(await currentVersionFor(t.database.db, acme, made.id)).toEqual({
      templateId: made.id,
      versionId: edited.version_id,
      version: 2,
      definition: visit(),
      name: made.name,
    });
    expect(await versionById(t.database.db, acme, made.version_id)).toMatchObject({
      version: 1,
      definition: visit(),
    });
  });

  it('numbers versions one after another when editors of a template in use save at once', async () => {
    const made = await template();
    await inspectWith(made.id, made.version_id);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        update(OWNER, { id: made.id, name: made.name, definition: visit([yesNo(`extra${n}`, n)]) }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.database.db
      .select({ version: formTemplateVersions.version })
      .from(formTemplateVersions)
      .where(eq(formTemplateVersions.templateId, made.id));
    // The first saved made version 2; the others found it unused and changed it in turn.
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2]);
    const [row] = await t.database.db.select().from(formTemplates).where(eq(formTemplates.id, made.id));
    expect(row!.currentVersion).toBe(2);
    expect((await storedVersion(made.version_id)).definition).toEqual(visit());
    const last = (await get(OWNER, made.id)).json().data.definition as FormDefinition;
    expect(answers.map((a) => JSON.stringify(a.json().data.definition))).toContain(JSON.stringify(last));
  });
});

describe('what a template may not be', () => {
  const choice = (options: string[]): Question => ({
    id: 'mood',
    kind: 'choice',
    prompt: 'Staff mood',
    required: true,
    weight: 0,
    allow_na: false,
    options: options.map((id) => ({ id, label: id, fails: false })),
  });

  it('refuses a form its inspectors could not fill in, saying which question, and writes nothing', async () => {
    const before = await templateCount();
    const cases: [FormDefinition, string][] = [
      [visit([yesNo('entrance', 1)]), 'Two questions have the id "entrance"'],
      [visit([choice(['happy'])]), '"Staff mood" needs at least two options'],
      [
        visit([yesNo('late', 1, { show_if: { question_id: 'later', answers: ['no'] } }), yesNo('later', 1)]),
        '"Is late right?" can only depend on a question above it',
      ],
      [
        visit([
          {
            id: 'essay',
            kind: 'text',
            prompt: 'Describe the shelves',
            required: true,
            weight: 2,
            allow_na: false,
          },
        ]),
        '"Describe the shelves" cannot carry points: only yes/no, choice and number questions are scored',
      ],
      [{ sections: [{ id: 'empty', title: 'Nothing', questions: [] }] }, 'Add at least one question'],
    ];
    for (const [definition, sentence] of cases) {
      const res = await create(OWNER, { name: 'Broken', definition });
      expect(res.statusCode, sentence).toBe(400);
      expect(res.json()).toMatchObject({ message: sentence, errors: { definition: sentence } });
    }
    const made = await template();
    const edit = await update(OWNER, { id: made.id, name: made.name, definition: cases[0]![0] });
    expect(edit.statusCode).toBe(400);
    expect((await get(OWNER, made.id)).json().data.definition).toEqual(visit());
    expect(await templateCount()).toBe(before + 1);
  });

  it('names every problem, and in the reader’s language', async () => {
    const definition = visit([yesNo('entrance', 1), choice(['happy'])]);
    const res = await create(OWNER, { name: 'Broken', definition });
    expect(res.json().errors).toEqual({
      definition: 'Two questions have the id "entrance"',
      'definition.2': '"Staff mood" needs at least two options',
    });
    await org.setLanguage(OWNER, 'es');
    try {
      const spanish = await create(OWNER, { name: 'Broken', definition });
      expect(spanish.json().errors).toEqual({
        definition: 'Dos preguntas tienen el identificador «entrance»',
        'definition.2': '«Staff mood» necesita al menos dos opciones',
      });
    } finally {
      await org.setLanguage(OWNER, null);
    }
  });

  it('refuses a blank name or a question of no kind with 400', async () => {
    const blank = await create(OWNER, { name: '   ', definition: visit() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBe('Give the form template a name');
    const essay = visit();
    (essay.sections[0]!.questions[0] as { kind: string }).kind = 'essay';
    expect((await create(OWNER, { name: 'Odd', definition: essay })).statusCode).toBe(400);
  });

  it('refuses the name of another active template with 409, whatever its case', async () => {
    const first = await template('Opening checklist');
    const clash = await create(OWNER, { name: 'OPENING checklist', definition: visit() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.name).toBe('An active form template with this name already exists');
    const other = await template();
    const rename = await update(OWNER, { id: other.id, name: 'opening checklist', definition: visit() });
    expect(rename.statusCode).toBe(409);
    // Its own name is no clash.
    expect(
      (await update(OWNER, { id: first.id, name: 'Opening Checklist', definition: visit() })).statusCode,
    ).toBe(200);
  });
});

describe('archiving, restoring and deleting', () => {
  it('archives a template out of the list and out of new inspections, and restores it', async () => {
    const made = await template('Seasonal display');
    const archived = await put(OWNER, 'archive', made.id);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.status).toBe('archived');
    const names = async (query: Record<string, string> = {}) =>
      (await list(OWNER, { per_page: 200, ...query })).json().data.data.map((r: { name: string }) => r.name);
    expect(await names()).not.toContain('Seasonal display');
    expect(await names({ status: 'archived' })).toContain('Seasonal display');
    expect(await names({ status: 'all' })).toContain('Seasonal display');
    await expect(currentVersionFor(t.database.db, await org.tenantId(), made.id)).rejects.toMatchObject({
      statusCode: 404,
    });

    // Its name is free while it is archived; restoring it then would make two.
    const successor = await template('Seasonal display');
    const refused = await put(OWNER, 'restore', made.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Another active form template is called "Seasonal display": rename one of them before restoring this one',
    );
    await put(OWNER, 'archive', successor.id);
    const restored = await put(OWNER, 'restore', made.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.status).toBe('active');
    expect(await names()).toContain('Seasonal display');
  });

  it('deletes a template nothing used, with its versions', async () => {
    const made = await template();
    const before = await templateCount();
    const res = await remove(OWNER, made.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: made.id });
    expect(await templateCount()).toBe(before - 1);
    expect((await get(OWNER, made.id)).statusCode).toBe(404);
    const left = await t.database.db
      .select({ n: count() })
      .from(formTemplateVersions)
      .where(eq(formTemplateVersions.templateId, made.id));
    expect(left[0]!.n).toBe(0);
  });

  it('refuses to delete a template an inspection or a task used: it is to be archived', async () => {
    const inspected = await template();
    await inspectWith(inspected.id, inspected.version_id);
    // Used by version 1 only: the current version 2 is unused, the history is not.
    await update(OWNER, { id: inspected.id, name: inspected.name, definition: visit([yesNo('toilets', 1)]) });
    const carried = await template();
    // A task carrying the form (tasks' own module will set it): a draft made through the API.
    const task = await tasks.create(OWNER, await tasks.body({ title: 'Monthly visit' }));
    expect(task.statusCode, task.body).toBe(200);
    const { rows } = await t.database.executeSql(
      'UPDATE tasks SET form_version_id = $3 WHERE tenant_id = $1 AND id = $2 RETURNING id',
      [await org.tenantId(), task.json().data.id, carried.version_id],
    );
    expect(rows).toHaveLength(1);
    for (const used of [inspected, carried]) {
      const res = await remove(OWNER, used.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Inspections or tasks have used this form template, so it cannot be deleted: archive it instead',
      );
      expect((await get(OWNER, used.id)).statusCode).toBe(200);
    }
  });
});

describe('duplicating', () => {
  it('makes "<name> (copy)", then a numbered copy, each with the current content as its version 1', async () => {
    const source = await template('Night fill');
    await inspectWith(source.id, source.version_id);
    await update(OWNER, { id: source.id, name: source.name, definition: visit([yesNo('pallets', 2)]) });
    const area = await t.userByUsername(AREA);
    const first = await duplicate(AREA, source.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      name: 'Night fill (copy)',
      description: 'Monthly walk-round',
      version: 1,
      inspections: 0,
      questions: 4,
      created_by: { id: area.id },
      definition: visit([yesNo('pallets', 2)]),
    });
    expect((await duplicate(AREA, source.id)).json().data.name).toBe('Night fill (copy 2)');
    expect((await duplicate(AREA, first.json().data.id)).json().data.name).toBe('Night fill (copy) (copy)');
  });
});

describe('who may do what', () => {
  it('lets an Area Manager make and edit templates but not delete them', async () => {
    const made = await template(undefined, visit(), AREA);
    expect((await update(AREA, { id: made.id, name: made.name, definition: visit() })).statusCode).toBe(200);
    expect((await remove(AREA, made.id)).statusCode).toBe(403);
  });

  it('refuses a Team Member; lets a Store Manager, who reads inspections, read them to filter by', async () => {
    const made = await template();
    const archived = await template();
    await put(OWNER, 'archive', archived.id);
    expect((await list(STAFF)).statusCode).toBe(403);
    expect((await get(STAFF, made.id)).statusCode).toBe(403);
    // Every template: an archived one's inspections are still in the store manager's list.
    const read = (await list(STORE, { status: 'all', per_page: 200 })).json().data;
    expect(read.data.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([made.id, archived.id]),
    );
    expect((await get(STORE, archived.id)).statusCode).toBe(200);
    for (const who of [STAFF, STORE]) {
      expect((await create(who, { name: 'Mine', definition: visit() })).statusCode, who).toBe(403);
      expect((await put(who, 'archive', made.id)).statusCode, who).toBe(403);
      expect((await versions(who, made.id)).statusCode, who).toBe(403);
    }
    expect((await t.inject({ url: '/api/form-template/list' })).statusCode).toBe(401);
  });

  it('offers an inspector (inspection.create only) the active templates to pick from, and nothing to change', async () => {
    const role = await call(OWNER, {
      method: 'POST',
      url: '/api/role/create',
      payload: {
        name: 'Inspector',
        permissions: [{ id: 'inspection', status: 'active', capabilities: ['create'] }],
      },
    });
    expect(role.statusCode, role.body).toBe(200);
    await org.addUser(INSPECTOR, 'Sydney Metro', 'Inspector');
    const active = await template();
    const archived = await template();
    await put(OWNER, 'archive', archived.id);

    const offered = (await list(INSPECTOR, { status: 'archived', per_page: 200 })).json().data;
    const ids = offered.data.map((r: { id: number }) => r.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(archived.id);
    expect(offered.data.every((r: { status: string }) => r.status === 'active')).toBe(true);
    expect((await get(INSPECTOR, active.id)).json().data.definition).toEqual(visit());
    expect((await create(INSPECTOR, { name: 'Mine', definition: visit() })).statusCode).toBe(403);
    expect((await update(INSPECTOR, { id: active.id, name: 'Mine', definition: visit() })).statusCode).toBe(
      403,
    );
    expect((await versions(INSPECTOR, active.id)).statusCode).toBe(403);
  });

  it('answers another tenant’s template as unknown', async () => {
    const acmes = await template('Acme only');
    const theirs = (await create(GLOBEX, { name: 'Acme only', definition: visit() })).json().data;
    expect(theirs.id).not.toBe(acmes.id);
    expect((await get(GLOBEX, acmes.id)).statusCode).toBe(404);
    expect((await versions(GLOBEX, acmes.id)).statusCode).toBe(404);
    expect((await update(GLOBEX, { id: acmes.id, name: 'Taken', definition: visit() })).statusCode).toBe(404);
    for (const verb of ['archive', 'restore'] as const)
      expect((await put(GLOBEX, verb, acmes.id)).statusCode).toBe(404);
    expect((await duplicate(GLOBEX, acmes.id)).statusCode).toBe(404);
    expect((await remove(GLOBEX, acmes.id)).statusCode).toBe(404);
    const names = (await list(GLOBEX, { per_page: 200 })).json().data.data.map((r: { id: number }) => r.id);
    expect(names).toEqual([theirs.id]);
    const globex = await org.tenantId('globex');
    await expect(currentVersionFor(t.database.db, globex, acmes.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(versionById(t.database.db, globex, acmes.version_id)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await get(OWNER, acmes.id)).json().data.name).toBe('Acme only');
  });
});

describe('the administration log', () => {
  it('tells each change of a template, with what it changed', async () => {
    const made = await template('Logged visit');
    await inspectWith(made.id, made.version_id);
    await update(OWNER, { id: made.id, name: 'Logged visit', definition: visit([yesNo('toilets', 4)]) });
    await put(OWNER, 'archive', made.id);
    await put(OWNER, 'restore', made.id);
    const log = await call(OWNER, {
      url: '/api/activity/list',
      query: { entity: 'form-template', entity_id: String(made.id) },
    });
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json().data.data as { action: string; entity_name: string; changes: object }[];
    expect(entries.map((e) => e.action)).toEqual([
      'form-template.restore',
      'form-template.archive',
      'form-template.update',
      'form-template.create',
    ]);
    expect(entries.every((e) => e.entity_name === 'Logged visit')).toBe(true);
    expect(entries[2]!.changes).toEqual({
      version: { before: 1, after: 2 },
      questions: { before: 3, after: 4 },
      max_score: { before: 5, after: 9 },
    });
    expect(entries[1]!.changes).toEqual({ status: { before: 'active', after: 'archived' } });
    expect(entries[3]!.changes).toMatchObject({ name: { after: 'Logged visit' }, version: { after: 1 } });

    const copy = (await duplicate(OWNER, made.id)).json().data;
    await remove(OWNER, copy.id);
    const copyLog = await call(OWNER, {
      url: '/api/activity/list',
      query: { entity: 'form-template', entity_id: String(copy.id) },
    });
    expect(copyLog.json().data.data.map((e: { action: string }) => e.action)).toEqual([
      'form-template.delete',
      'form-template.duplicate',
    ]);
  });

  it('writes nothing for a refused change', async () => {
    const made = await template();
    await inspectWith(made.id, made.version_id);
    await remove(OWNER, made.id);
    const acme = await org.tenantId();
    const { rows } = await t.database.executeSql(
      `SELECT action FROM activity_entries WHERE tenant_id = $1 AND entity = 'form-template' AND entity_id = $2`,
      [acme, String(made.id)],
    );
    expect(rows.map((r) => (r as { action: string }).action)).toEqual(['form-template.create']);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(formTemplates)
      .where(and(eq(formTemplates.tenantId, acme), eq(formTemplates.id, made.id)));
    expect(row!.n).toBe(1);
  });
});
