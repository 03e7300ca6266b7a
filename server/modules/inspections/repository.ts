import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Inspection, InspectionRow, RecurringFailure } from '../../../contract/api/inspections';
import type { Answers, FormDefinition, InspectionScore } from '../../../contract/forms';
import type { Db } from '../../db/client';
import { inspectionFiles, inspections } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { isoInstant, jsonRows, sqlRows } from '../../lib/jsonRows';
import { personNameOf } from '../../lib/personName';
import { nodeZone } from '../../lib/workspaceZone';

/*
 * What inspections read and write. Every statement names the tenant, and every read that answers a
 * caller is limited to stores under the caller's scope path (`n.path LIKE scope%`, as the audit
 * does); an inspector also reads the inspections they made wherever their position is now.
 */

/** A template version as new inspections and reports read it. */
export interface TemplateVersion {
  templateId: number;
  versionId: number;
  version: number;
  definition: FormDefinition;
  name: string;
}

export async function insertInspection(
  db: Db,
  values: { tenantId: number; version: TemplateVersion; storeNodeId: number; inspectorId: number },
): Promise<number> {
  const [row] = await db
    .insert(inspections)
    .values({
      tenantId: values.tenantId,
      templateId: values.version.templateId,
      versionId: values.version.versionId,
      storeNodeId: values.storeNodeId,
      inspectorId: values.inspectorId,
    })
    .returning({ id: inspections.id });
  return row!.id;
}

const personName = personNameOf('u');

/** An inspection as a list row (aliases: i inspections, v its version, t its template, n its store, u its inspector). */
export const rowFields = sql`'id', i.id,
  'template', json_build_object('id', t.id, 'name', t.name, 'version', v.version),
  'store', json_build_object('id', n.id, 'name', n.name, 'timezone', ${nodeZone}),
  'inspector', json_build_object('id', i.inspector_id, 'name', coalesce(${personName}, '')),
  'status', i.status,
  'started_at', ${isoInstant(sql`i.started_at`)},
  'completed_at', CASE WHEN i.completed_at IS NULL THEN NULL ELSE ${isoInstant(sql`i.completed_at`)} END,
  'assignment_id', i.assignment_id,
  'points', i.points, 'max_score', i.max_score, 'percentage', i.percentage, 'passed', i.passed,
  'failed_count', i.failed_count`;

/** From an inspection (`i`) to what its row shows. */
export const rowJoins = sql`JOIN form_template_versions v ON v.tenant_id = i.tenant_id AND v.id = i.version_id
  JOIN form_templates t ON t.tenant_id = i.tenant_id AND t.id = i.template_id
  JOIN hierarchy_nodes n ON n.tenant_id = i.tenant_id AND n.id = i.store_node_id
  LEFT JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.inspector_id`;

/** Stores under the caller's scope, or the inspector's own inspections. */
const seenBy = (caller: Caller) =>
  sql`(n.path LIKE ${`${caller.scope.path}%`} OR i.inspector_id = ${caller.userId})`;

/** An inspection with everything its page shows but `editable`, and where its store sits. */
export interface FoundInspection {
  inspection: Omit<Inspection, 'editable'>;
  path: string;
  contact: string;
}

/** One inspection the caller may see (their scope's or their own); undefined otherwise, another tenant's included. */
export async function findInspection(db: Db, caller: Caller, id: number) {
  const [found] = await jsonRows<FoundInspection[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
        'inspection', json_build_object(${rowFields},
          'definition', v.definition, 'answers', i.answers, 'failed', i.failed,
          'signature', CASE WHEN i.signature_hash IS NULL THEN NULL
            ELSE json_build_object('hash', i.signature_hash, 'name', coalesce(i.signed_by, '')) END),
        'path', n.path,
        'contact', coalesce((SELECT w.contact FROM workspaces w WHERE w.tenant_id = i.tenant_id AND w.node_id = n.id), '')
      )), '[]')::text AS rows
      FROM inspections i ${rowJoins}
      WHERE i.tenant_id = ${caller.tenantId} AND i.id = ${id} AND ${seenBy(caller)}`,
  );
  return found;
}

export interface LockedInspection {
  id: number;
  assignment_id: number | null;
  status: 'in_progress' | 'completed';
  inspector_id: number;
  store_node_id: number;
  template_id: number;
  path: string;
  answers: Answers;
  definition: FormDefinition;
}

/**
 * The inspection locked (FOR UPDATE) for a write: a second save of the same inspection waits
 * here until the first commits, then reads its answers, so neither overwrites the other's.
 */
export async function lockInspection(db: Db, caller: Caller, id: number) {
  const [found] = await sqlRows<LockedInspection>(
    db,
    sql`SELECT i.id::int AS id, i.assignment_id::int AS assignment_id, i.status, i.inspector_id,
        i.store_node_id, i.template_id, n.path, i.answers, v.definition
      FROM inspections i
      JOIN form_template_versions v ON v.tenant_id = i.tenant_id AND v.id = i.version_id
      JOIN hierarchy_nodes n ON n.tenant_id = i.tenant_id AND n.id = i.store_node_id
      WHERE i.tenant_id = ${caller.tenantId} AND i.id = ${id} AND ${seenBy(caller)}
      FOR UPDATE OF i`,
  );
  return found;
}

/** The score columns as `score` (contract/forms.ts scoreInspection) has them. */
const scoreSet = (score: InspectionScore) => sql`points = ${score.points}, max_score = ${score.max},
  percentage = ${score.percentage}, passed = ${score.passed}, failed = ${JSON.stringify(score.failed)}::jsonb,
  failed_count = ${score.failed.length}, updated_at = now()`;

export async function saveAnswers(
  db: Db,
  tenantId: number,
  id: number,
  answers: Answers,
  score: InspectionScore,
) {
  await db.execute(sql`UPDATE ${inspections} SET answers = ${JSON.stringify(answers)}::jsonb, ${scoreSet(score)}
    WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

export async function finishInspection(
  db: Db,
  tenantId: number,
  id: number,
  score: InspectionScore,
  signature: { hash: string; name: string },
) {
  await db.execute(sql`UPDATE ${inspections} SET status = 'completed', completed_at = now(),
      signature_hash = ${signature.hash}, signed_by = ${signature.name}, ${scoreSet(score)}
    WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'in_progress'`);
}

/**
 * Makes the inspection's file list exactly `hashes` (every photo of its answers and its signature),
 * so a download asks the inspection who may see each of them.
 */
export async function keepFiles(db: Db, tenantId: number, id: number, hashes: readonly string[]) {
  const list = `{${hashes.join(',')}}`;
  await db.execute(sql`DELETE FROM ${inspectionFiles}
    WHERE tenant_id = ${tenantId} AND inspection_id = ${id} AND hash <> ALL(${list}::text[])`);
  if (hashes.length === 0) return;
  await db
    .insert(inspectionFiles)
    .values(hashes.map((hash, i) => ({ tenantId, inspectionId: id, hash, sortOrder: i })))
    .onConflictDoUpdate({
      target: [inspectionFiles.tenantId, inspectionFiles.inspectionId, inspectionFiles.hash],
      set: { sortOrder: sql`excluded.sort_order` },
    });
}

export async function deleteInspection(db: Db, tenantId: number, id: number) {
  await db.execute(sql`DELETE FROM ${inspections} WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

/** What a list, an export and the scores filter on (all optional but the subtree). */
export interface InspectionFilter {
  /** The subtree of stores: the caller's scope or a node inside it. */
  path: string;
  templateId?: number;
  inspectorId?: number;
  status?: 'in_progress' | 'completed';
  /** Local dates (inclusive) of completion, else start, in the store's zone. */
  from?: string;
  to?: string;
  minScore?: number;
  maxScore?: number;
}

/** The local day an inspection counts on: when it was finished, else started, in its store's zone. */
export const localDay = sql`(coalesce(i.completed_at, i.started_at) AT TIME ZONE ${nodeZone})::date`;

export function filterSql(tenantId: number, f: InspectionFilter): SQL {
  const parts: SQL[] = [sql`i.tenant_id = ${tenantId}`, sql`n.path LIKE ${`${f.path}%`}`];
  if (f.templateId !== undefined) parts.push(sql`i.template_id = ${f.templateId}`);
  if (f.inspectorId !== undefined) parts.push(sql`i.inspector_id = ${f.inspectorId}`);
  if (f.status) parts.push(sql`i.status = ${f.status}`);
  if (f.from) parts.push(sql`${localDay} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${localDay} <= ${f.to}::date`);
  if (f.minScore !== undefined) parts.push(sql`i.percentage >= ${f.minScore}`);
  if (f.maxScore !== undefined) parts.push(sql`i.percentage <= ${f.maxScore}`);
  return sql.join(parts, sql` AND `);
}

const SORTS = {
  started_at: sql`i.started_at`,
  completed_at: sql`i.completed_at`,
  percentage: sql`i.percentage`,
  id: sql`i.id`,
} as const;

export async function listInspections(
  db: Db,
  tenantId: number,
  filter: InspectionFilter,
  order: { sort: keyof typeof SORTS; order: 'asc' | 'desc' },
  page: { limit: number; offset: number },
) {
  const direction = order.order === 'asc' ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
  const by = sql`${SORTS[order.sort]} ${direction}, i.id ${order.order === 'asc' ? sql`ASC` : sql`DESC`}`;
  return jsonRows<{ total: number; rows: InspectionRow[] }>(
    db,
    sql`WITH page AS (
      SELECT i.id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${by}) AS position
      FROM inspections i
      JOIN hierarchy_nodes n ON n.tenant_id = i.tenant_id AND n.id = i.store_node_id
      WHERE ${filterSql(tenantId, filter)}
      ORDER BY ${by} LIMIT ${page.limit} OFFSET ${page.offset})
    SELECT json_build_object('total', coalesce(max(page.total), 0),
      'rows', coalesce(json_agg(json_build_object(${rowFields}) ORDER BY page.position), '[]'))::text AS rows
    FROM page
    JOIN inspections i ON i.tenant_id = ${tenantId} AND i.id = page.id
    ${rowJoins}`,
  );
}

/** A finished inspection as the scores count it: its store's path, local day, percentage and failed items. */
export interface ScoredInspection {
  path: string;
  day: string;
  percentage: number | null;
  failed_count: number;
  completed_at: string;
}

export async function finishedInspections(db: Db, tenantId: number, filter: InspectionFilter) {
  return jsonRows<ScoredInspection[]>(
    db,
    sql`SELECT coalesce(json_agg(json_build_object('path', n.path, 'day', ${localDay},
        'percentage', i.percentage, 'failed_count', i.failed_count,
        'completed_at', ${isoInstant(sql`i.completed_at`)}) ORDER BY i.completed_at, i.id), '[]')::text AS rows
      FROM inspections i
      JOIN hierarchy_nodes n ON n.tenant_id = i.tenant_id AND n.id = i.store_node_id
      WHERE ${filterSql(tenantId, { ...filter, status: 'completed' })}`,
  );
}

/** The node's children in the tree, in order (the scores' rows). */
export async function childrenOf(db: Db, tenantId: number, nodeId: number) {
  return sqlRows<{ id: number; name: string; path: string; type: string }>(
    db,
    sql`SELECT n.id, n.name, n.path, n.type FROM hierarchy_nodes n
      WHERE n.tenant_id = ${tenantId} AND n.parent_id = ${nodeId} AND n.type IN ('container', 'workspace')
      ORDER BY n.sort_order, n.name, n.id`,
  );
}

/**
 * The inspection that fills an assignment's form, made on first open: one per assignment (the
 * unique index), so two people of the store opening it at once share it.
 */
export async function taskFormInspection(
  db: Db,
  values: {
    tenantId: number;
    version: TemplateVersion;
    storeNodeId: number;
    inspectorId: number;
    assignmentId: number;
  },
): Promise<number> {
  await db
    .insert(inspections)
    .values({
      tenantId: values.tenantId,
      templateId: values.version.templateId,
      versionId: values.version.versionId,
      storeNodeId: values.storeNodeId,
      inspectorId: values.inspectorId,
      assignmentId: values.assignmentId,
    })
    .onConflictDoNothing({
      target: [inspections.tenantId, inspections.assignmentId],
      where: sql`${inspections.assignmentId} IS NOT NULL`,
    });
  const [row] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(and(eq(inspections.tenantId, values.tenantId), eq(inspections.assignmentId, values.assignmentId)));
  return row!.id;
}

/** A sent-back task's form opens again with its answers kept, for the store to put right what failed. */
export async function reopenTaskForm(db: Db, tenantId: number, assignmentId: number) {
  await db.execute(sql`UPDATE ${inspections} SET status = 'in_progress', completed_at = NULL,
      signature_hash = NULL, signed_by = NULL, updated_at = now()
    WHERE tenant_id = ${tenantId} AND assignment_id = ${assignmentId} AND status = 'completed'`);
}

/**
 * The questions that failed most in the finished inspections of a subtree and range (issue 49):
 * per template and question, the inspections where it failed, those of its template that could
 * fail it, the stores where it did and the three where it did most. The question's wording is its
 * latest failure's (a later version may have reworded it).
 */
export async function recurringFailures(db: Db, tenantId: number, filter: InspectionFilter, limit: number) {
  return jsonRows<RecurringFailure[]>(
    db,
    sql`WITH fin AS (
        SELECT i.id, i.template_id, i.store_node_id, n.name AS store_name, i.failed, i.completed_at
        FROM inspections i JOIN hierarchy_nodes n ON n.tenant_id = i.tenant_id AND n.id = i.store_node_id
        WHERE ${filterSql(tenantId, { ...filter, status: 'completed' })}),
      fails AS (
        SELECT f.id, f.template_id, f.store_node_id, f.store_name, f.completed_at,
          item->>'question_id' AS question_id, item->>'section' AS section, item->>'prompt' AS prompt
        FROM fin f CROSS JOIN LATERAL jsonb_array_elements(f.failed) item),
      per_store AS (
        SELECT template_id, question_id, store_node_id, max(store_name) AS name, count(DISTINCT id)::int AS failures,
          row_number() OVER (PARTITION BY template_id, question_id
            ORDER BY count(DISTINCT id) DESC, max(store_name), store_node_id) AS rank
        FROM fails GROUP BY template_id, question_id, store_node_id),
      per_question AS (
        SELECT template_id, question_id,
          (array_agg(section ORDER BY completed_at DESC, id DESC))[1] AS section,
          (array_agg(prompt ORDER BY completed_at DESC, id DESC))[1] AS prompt,
          count(DISTINCT id)::int AS failures, count(DISTINCT store_node_id)::int AS stores
        FROM fails GROUP BY template_id, question_id),
      per_template AS (SELECT template_id, count(*)::int AS inspections FROM fin GROUP BY template_id)
    SELECT coalesce(json_agg(json_build_object(
        'template', json_build_object('id', t.id, 'name', t.name),
        'question_id', q.question_id, 'section', coalesce(q.section, ''), 'prompt', coalesce(q.prompt, ''),
        'failures', q.failures, 'inspections', pt.inspections, 'stores', q.stores,
        'worst_stores', (SELECT coalesce(json_agg(json_build_object('id', s.store_node_id, 'name', s.name,
            'failures', s.failures) ORDER BY s.rank), '[]')
          FROM per_store s WHERE s.template_id = q.template_id AND s.question_id = q.question_id AND s.rank <= 3)
      ) ORDER BY q.failures DESC, q.failures::numeric / pt.inspections DESC, t.name, q.question_id), '[]')::text AS rows
    FROM (SELECT * FROM per_question ORDER BY failures DESC LIMIT ${limit}) q
    JOIN per_template pt ON pt.template_id = q.template_id
    JOIN form_templates t ON t.tenant_id = ${tenantId} AND t.id = q.template_id`,
  );
}
