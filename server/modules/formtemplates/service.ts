import type {
  FormTemplate,
  FormTemplateCreateBody,
  FormTemplateListQuery,
  FormTemplatePage,
  FormTemplateRow,
  FormTemplateUpdateBody,
  FormTemplateVersions,
} from '../../../contract/api/forms';
import { definitionProblems, type FormDefinition } from '../../../contract/forms';
import { fullName } from '../../../contract/personName';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { versionFigures } from './figures';
import {
  activeNamesAmong,
  activeNameTaken,
  deleteTemplate,
  findTemplate,
  findTemplateRow,
  findVersion,
  findVersionById,
  insertTemplate,
  insertVersion,
  listTemplates,
  listVersions,
  rewriteVersion,
  type TemplateListRow,
  type TemplateRecord,
  templateUsage,
  updateTemplate,
  versionInUse,
} from './repository';

const NAME_TAKEN = 'An active form template with this name already exists';
const TEMPLATE = 'Form template';

const creatorOf = (id: number | null, firstname: string | null, lastname: string | null) =>
  id !== null && firstname !== null ? { id, name: fullName({ firstname, lastname: lastname ?? '' }) } : null;

function toRow(row: TemplateListRow): FormTemplateRow {
  const { template } = row;
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    status: template.status,
    version: template.currentVersion,
    questions: row.questions,
    max_score: row.maxScore,
    inspections: row.inspections,
    created_by: creatorOf(template.createdBy, row.creatorFirstname, row.creatorLastname),
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}

/** The template as the API answers it, read back inside the transaction that wrote it. */
async function answer(db: Db, tenantId: number, id: number): Promise<FormTemplate> {
  const row = await findTemplateRow(db, tenantId, id);
  if (!row) throw notFound(TEMPLATE);
  const version = await findVersionById(db, tenantId, row.versionId);
  return { ...toRow(row), version_id: row.versionId, definition: version!.version.definition };
}

/** What the administration log keeps of a template: not its whole definition, what it amounts to. */
const logged = (t: FormTemplate) => ({
  name: t.name,
  description: t.description,
  status: t.status,
  version: t.version,
  questions: t.questions,
  max_score: t.max_score,
});

/** The body's fields as stored (a description left out of an edit stays as it was: undefined). */
function checkBody(body: FormTemplateCreateBody) {
  const name = body.name.trim();
  if (!name) throw badRequest('Give the form template a name', { name: 'Give the form template a name' });
  const problems = definitionProblems(body.definition);
  if (problems.length > 0) {
    // Each sentence a field of its own, so each is read in the caller's language.
    const errors = Object.fromEntries(
      problems.map((problem, i) => [i === 0 ? 'definition' : `definition.${i + 1}`, problem]),
    );
    throw badRequest(problems[0]!, errors);
  }
  return { name, description: body.description?.trim(), definition: body.definition };
}

async function refuseTakenName(db: Db, tenantId: number, name: string, exceptId?: number) {
  if (await activeNameTaken(db, tenantId, name, exceptId)) throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
}

export async function list(db: Db, caller: Caller, query: FormTemplateListQuery): Promise<FormTemplatePage> {
  const { rows, total } = await listTemplates(db, caller.tenantId, query);
  return { data: rows.map(toRow), total, page: query.page, per_page: query.per_page };
}

export const get = (db: Db, caller: Caller, id: number) => answer(db, caller.tenantId, id);

/** A new template with its content as version 1. */
export async function create(db: Db, caller: Caller, body: FormTemplateCreateBody): Promise<FormTemplate> {
  const values = checkBody(body);
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, caller.tenantId, values.name);
    const made = await insertFirstVersion(tx, caller, { ...values, description: values.description ?? '' });
    describeActivity({ entityId: made.id, entityName: made.name, after: logged(made) });
    return made;
  });
}

async function insertFirstVersion(
  db: Db,
  caller: Caller,
  values: { name: string; description: string; definition: FormDefinition },
) {
  const template = await insertTemplate(db, caller.tenantId, {
    name: values.name,
    description: values.description,
    createdBy: caller.userId,
  });
  await insertVersion(db, caller.tenantId, {
    templateId: template.id,
    version: 1,
    createdBy: caller.userId,
    ...versionFigures(values.definition),
  });
  return answer(db, caller.tenantId, template.id);
}

/** The same JSON whatever the order of its keys (jsonb gives them back in an order of its own). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * Changes a template. Its content changes in place while no inspection has used the current
 * version; once one has, the content becomes the next version and that inspection keeps its own.
 * The template row is locked first, so two editors of a template in use number their versions one
 * after the other (and an inspection being started waits, see `currentVersionFor`).
 */
export async function update(db: Db, caller: Caller, body: FormTemplateUpdateBody): Promise<FormTemplate> {
  const values = checkBody(body);
  return db.transaction(async (tx) => {
    const template = await findTemplate(tx, caller.tenantId, body.id, 'update');
    if (!template) throw notFound(TEMPLATE);
    // Only active templates' names must differ (an archived one may share a name).
    if (template.status === 'active') await refuseTakenName(tx, caller.tenantId, values.name, template.id);
    const before = await answer(tx, caller.tenantId, template.id);
    const current = (await findVersion(tx, caller.tenantId, template.id, template.currentVersion))!;
    let currentVersion = template.currentVersion;
    if (canonical(current.definition) !== canonical(values.definition)) {
      if (await versionInUse(tx, caller.tenantId, current.id)) {
        currentVersion += 1;
        await insertVersion(tx, caller.tenantId, {
          templateId: template.id,
          version: currentVersion,
          createdBy: caller.userId,
          ...versionFigures(values.definition),
        });
      } else {
        await rewriteVersion(tx, caller.tenantId, current.id, versionFigures(values.definition));
      }
    }
    await updateTemplate(tx, caller.tenantId, template.id, {
      name: values.name,
      description: values.description ?? template.description,
      currentVersion,
    });
    const after = await answer(tx, caller.tenantId, template.id);
    describeActivity({
      entityId: template.id,
      entityName: after.name,
      before: logged(before),
      after: logged(after),
    });
    return after;
  });
}

/** The longest name the API takes (contract FormTemplateFields). */
const NAME_LENGTH = 200;

/** "<name> (copy)", or "(copy 2)", "(copy 3)" … : the first no active template has. */
async function copyName(db: Db, tenantId: number, name: string): Promise<string> {
  for (let from = 1; ; from += 20) {
    const candidates = Array.from({ length: 20 }, (_, i) => {
      const suffix = from + i === 1 ? ' (copy)' : ` (copy ${from + i})`;
      return `${name.slice(0, NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    });
    const taken = await activeNamesAmong(db, tenantId, candidates);
    const free = candidates.find((c) => !taken.has(c.toLowerCase()));
    if (free) return free;
  }
}

/** A new active template with the current content of `id` as its version 1. */
export async function duplicate(db: Db, caller: Caller, id: number): Promise<FormTemplate> {
  return db.transaction(async (tx) => {
    const source = await answer(tx, caller.tenantId, id);
    const made = await insertFirstVersion(tx, caller, {
      name: await copyName(tx, caller.tenantId, source.name),
      description: source.description,
      definition: source.definition,
    });
    describeActivity({
      entityId: made.id,
      entityName: made.name,
      after: { ...logged(made), copied_from: source.id },
    });
    return made;
  });
}

async function setStatus(db: Db, caller: Caller, id: number, status: TemplateRecord['status']) {
  return db.transaction(async (tx) => {
    const template = await findTemplate(tx, caller.tenantId, id, 'update');
    if (!template) throw notFound(TEMPLATE);
    if (status === 'active' && template.status !== 'active') {
      if (await activeNameTaken(tx, caller.tenantId, template.name, template.id))
        throw conflict(
          `Another active form template is called "${template.name}": rename one of them before restoring this one`,
          { name: NAME_TAKEN },
        );
    }
    if (template.status !== status) await updateTemplate(tx, caller.tenantId, id, { status });
    const after = await answer(tx, caller.tenantId, id);
    describeActivity({
      entityId: id,
      entityName: template.name,
      before: { status: template.status },
      after: { status },
    });
    return after;
  });
}

/** Archived: kept with its inspections, no longer offered for new ones. */
export const archive = (db: Db, caller: Caller, id: number) => setStatus(db, caller, id, 'archived');
export const restore = (db: Db, caller: Caller, id: number) => setStatus(db, caller, id, 'active');

/** Deletes a template no inspection or task ever used; one that was used is archived instead. */
export async function remove(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const template = await findTemplate(tx, caller.tenantId, id, 'update');
    if (!template) throw notFound(TEMPLATE);
    const usage = await templateUsage(tx, caller.tenantId, id);
    if (usage.inspections > 0 || usage.tasks > 0)
      throw conflict(
        'Inspections or tasks have used this form template, so it cannot be deleted: archive it instead',
      );
    await deleteTemplate(tx, caller.tenantId, id);
    describeActivity({ entityId: id, entityName: template.name, before: { name: template.name } });
  });
  return { id };
}

export async function versions(db: Db, caller: Caller, id: number): Promise<FormTemplateVersions> {
  if (!(await findTemplate(db, caller.tenantId, id))) throw notFound(TEMPLATE);
  const rows = await listVersions(db, caller.tenantId, id);
  return {
    data: rows.map(({ version: v, inspections, creatorFirstname, creatorLastname }) => ({
      id: v.id,
      version: v.version,
      questions: v.questions,
      max_score: v.maxScore,
      inspections,
      created_by: creatorOf(v.createdBy, creatorFirstname, creatorLastname),
      created_at: v.createdAt.toISOString(),
    })),
  };
}

/** The version a new inspection of a template is made with. */
export interface TemplateVersionRef {
  templateId: number;
  versionId: number;
  version: number;
  definition: FormDefinition;
  name: string;
}

/**
 * The current version of an active template of the tenant, for a new inspection or a task's form;
 * 404 for an archived one or another tenant's. Called inside the transaction that stores the
 * inspection, it holds the template row (FOR SHARE) until that commits, so an edit made meanwhile
 * waits and then sees the version in use (and makes the next one) instead of changing it.
 */
export async function currentVersionFor(
  db: Db,
  tenantId: number,
  templateId: number,
): Promise<TemplateVersionRef> {
  const template = await findTemplate(db, tenantId, templateId, 'share');
  if (template?.status !== 'active') throw notFound(TEMPLATE);
  const version = (await findVersion(db, tenantId, templateId, template.currentVersion))!;
  return {
    templateId,
    versionId: version.id,
    version: version.version,
    definition: version.definition,
    name: template.name,
  };
}

/** Any version of the tenant's templates, archived ones too (an inspection shows what it was asked). */
export async function versionById(db: Db, tenantId: number, versionId: number): Promise<TemplateVersionRef> {
  const row = await findVersionById(db, tenantId, versionId);
  if (!row) throw notFound('Form template version');
  return {
    templateId: row.version.templateId,
    versionId: row.version.id,
    version: row.version.version,
    definition: row.version.definition,
    name: row.name,
  };
}
