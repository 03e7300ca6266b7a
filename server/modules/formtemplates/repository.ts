import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FormTemplateListQuery } from '../../../contract/api/forms';
import type { FormDefinition } from '../../../contract/forms';
import type { Db } from '../../db/client';
import { formTemplates, formTemplateVersions, inspections, tasks, users } from '../../db/schema';
import { anyContains } from '../../lib/like';
import { pageWithTotal, totalCount } from '../../lib/paging';
import { deleteTenantRow } from '../../lib/tenantRows';

/*
 * Form templates and their versions, always of one tenant. The inspections and tasks tables are
 * read here only to tell whether a version is in use: both modules build on this one, so it
 * cannot ask their services.
 */

export type TemplateRecord = typeof formTemplates.$inferSelect;
export type VersionRecord = typeof formTemplateVersions.$inferSelect;

/** A template as the API shows it: its row, its current version's figures and who made it. */
export interface TemplateListRow {
  template: TemplateRecord;
  versionId: number;
  questions: number;
  maxScore: number;
  inspections: number;
  creatorFirstname: string | null;
  creatorLastname: string | null;
}

const inspectionsOfTemplate = sql<number>`(SELECT count(*) FROM ${inspections} i
  WHERE i.tenant_id = ${formTemplates.tenantId} AND i.template_id = ${formTemplates.id})`.mapWith(Number);

const rowColumns = {
  template: formTemplates,
  versionId: formTemplateVersions.id,
  questions: formTemplateVersions.questions,
  maxScore: formTemplateVersions.maxScore,
  inspections: inspectionsOfTemplate,
  creatorFirstname: users.firstname,
  creatorLastname: users.lastname,
};

/** The tenant's templates with their current versions, where `where` holds. */
function templateRows(db: Db, tenantId: number, where?: SQL) {
  return db
    .select({ ...rowColumns, total: totalCount() })
    .from(formTemplates)
    .innerJoin(
      formTemplateVersions,
      and(
        eq(formTemplateVersions.tenantId, formTemplates.tenantId),
        eq(formTemplateVersions.templateId, formTemplates.id),
        eq(formTemplateVersions.version, formTemplates.currentVersion),
      ),
    )
    .leftJoin(users, and(eq(users.tenantId, formTemplates.tenantId), eq(users.id, formTemplates.createdBy)))
    .where(and(eq(formTemplates.tenantId, tenantId), where));
}

const SORTS = {
  name: sql`lower(${formTemplates.name})`,
  updated_at: sql`${formTemplates.updatedAt}`,
  id: sql`${formTemplates.id}`,
} as const;

export async function listTemplates(db: Db, tenantId: number, query: FormTemplateListQuery) {
  const status = query.status ?? 'active';
  const where = and(
    status === 'all' ? undefined : eq(formTemplates.status, status),
    anyContains(query.q, [formTemplates.name]),
  );
  const sort = SORTS[query.sort ?? 'name'];
  const page = await templateRows(db, tenantId, where)
    .orderBy(query.order === 'desc' ? desc(sort) : asc(sort), asc(formTemplates.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const rows = page.map(({ total, ...row }) => ({ row, total }));
  return pageWithTotal(rows, query.page, async () => {
    const [all] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(formTemplates)
      .where(and(eq(formTemplates.tenantId, tenantId), where));
    return all?.n ?? 0;
  });
}

/** One template as its list shows it. */
export async function findTemplateRow(
  db: Db,
  tenantId: number,
  id: number,
): Promise<TemplateListRow | undefined> {
  const [row] = await templateRows(db, tenantId, eq(formTemplates.id, id));
  if (!row) return undefined;
  const { total: _, ...template } = row;
  return template;
}

/**
 * The template row, locked against other writers of it until the transaction ends: `update` so its
 * versions are numbered one writer at a time, `share` so an inspection started meanwhile keeps the
 * version it read.
 */
export async function findTemplate(
  db: Db,
  tenantId: number,
  id: number,
  lock?: 'update' | 'share',
): Promise<TemplateRecord | undefined> {
  const query = db
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.tenantId, tenantId), eq(formTemplates.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function findVersion(db: Db, tenantId: number, templateId: number, version: number) {
  const [row] = await db
    .select()
    .from(formTemplateVersions)
    .where(
      and(
        eq(formTemplateVersions.tenantId, tenantId),
        eq(formTemplateVersions.templateId, templateId),
        eq(formTemplateVersions.version, version),
      ),
    );
  return row;
}

export async function findVersionById(db: Db, tenantId: number, versionId: number) {
  const [row] = await db
    .select({ version: formTemplateVersions, name: formTemplates.name })
    .from(formTemplateVersions)
    .innerJoin(
      formTemplates,
      and(
        eq(formTemplates.tenantId, formTemplateVersions.tenantId),
        eq(formTemplates.id, formTemplateVersions.templateId),
      ),
    )
    .where(and(eq(formTemplateVersions.tenantId, tenantId), eq(formTemplateVersions.id, versionId)));
  return row;
}

/** Whether an active template of the tenant other than `exceptId` has this name, whatever its case. */
export async function activeNameTaken(db: Db, tenantId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(
      and(
        eq(formTemplates.tenantId, tenantId),
        eq(formTemplates.status, 'active'),
        eq(sql`lower(${formTemplates.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(formTemplates.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Which of `names` active templates of the tenant already have (lower case). */
export async function activeNamesAmong(db: Db, tenantId: number, names: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ name: sql<string>`lower(${formTemplates.name})` })
    .from(formTemplates)
    .where(
      and(
        eq(formTemplates.tenantId, tenantId),
        eq(formTemplates.status, 'active'),
        inArray(
          sql`lower(${formTemplates.name})`,
          names.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((r) => r.name));
}

export async function versionInUse(db: Db, tenantId: number, versionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.versionId, versionId)))
    .limit(1);
  return Boolean(row);
}

/** How many inspections and tasks used any version of the template. */
export async function templateUsage(db: Db, tenantId: number, templateId: number) {
  const [used] = await db
    .select({ n: count() })
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.templateId, templateId)));
  const [carried] = await db
    .select({ n: count() })
    .from(tasks)
    .innerJoin(
      formTemplateVersions,
      and(
        eq(formTemplateVersions.tenantId, tasks.tenantId),
        eq(formTemplateVersions.id, tasks.formVersionId),
      ),
    )
    .where(and(eq(tasks.tenantId, tenantId), eq(formTemplateVersions.templateId, templateId)));
  return { inspections: used?.n ?? 0, tasks: carried?.n ?? 0 };
}

export interface VersionContent {
  definition: FormDefinition;
  questions: number;
  maxScore: number;
}

export async function insertTemplate(
  db: Db,
  tenantId: number,
  values: { name: string; description: string; createdBy: number },
): Promise<TemplateRecord> {
  const [row] = await db
    .insert(formTemplates)
    .values({ tenantId, ...values, currentVersion: 1 })
    .returning();
  return row!;
}

export async function insertVersion(
  db: Db,
  tenantId: number,
  values: VersionContent & { templateId: number; version: number; createdBy: number },
): Promise<VersionRecord> {
  const [row] = await db
    .insert(formTemplateVersions)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

/** Rewrites a version no inspection has used yet. */
export async function rewriteVersion(db: Db, tenantId: number, versionId: number, values: VersionContent) {
  await db
    .update(formTemplateVersions)
    .set(values)
    .where(and(eq(formTemplateVersions.tenantId, tenantId), eq(formTemplateVersions.id, versionId)));
}

export async function updateTemplate(
  db: Db,
  tenantId: number,
  id: number,
  values: Partial<Pick<TemplateRecord, 'name' | 'description' | 'status' | 'currentVersion'>>,
) {
  await db
    .update(formTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(formTemplates.tenantId, tenantId), eq(formTemplates.id, id)));
}

/** Its versions go with it (ON DELETE CASCADE). */
export const deleteTemplate = (db: Db, tenantId: number, id: number) =>
  deleteTenantRow(db, formTemplates, tenantId, id);

/** A template's versions, newest first, with how many inspections each one has. */
export function listVersions(db: Db, tenantId: number, templateId: number) {
  return db
    .select({
      version: formTemplateVersions,
      inspections: sql<number>`(SELECT count(*) FROM ${inspections} i
        WHERE i.tenant_id = ${formTemplateVersions.tenantId} AND i.version_id = ${formTemplateVersions.id})`.mapWith(
        Number,
      ),
      creatorFirstname: users.firstname,
      creatorLastname: users.lastname,
    })
    .from(formTemplateVersions)
    .leftJoin(
      users,
      and(eq(users.tenantId, formTemplateVersions.tenantId), eq(users.id, formTemplateVersions.createdBy)),
    )
    .where(and(eq(formTemplateVersions.tenantId, tenantId), eq(formTemplateVersions.templateId, templateId)))
    .orderBy(desc(formTemplateVersions.version));
}
