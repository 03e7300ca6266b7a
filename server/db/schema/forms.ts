import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Answers, FailedItem, FormDefinition } from '../../../contract/forms';
import * as columns from './columns';
import { fileListColumns, fileListKeys, taskAssignments } from './tasks';

/**
 * A scored form template (issue 48). Its content is in `form_template_versions`; `current_version`
 * is the one new inspections use. Names are unique among a tenant's active templates.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    ...columns.tenantRecord(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    uniqueIndex('form_templates_name_uq')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * One version of a template's content, never changed once an inspection uses it (the service makes
 * the next version instead). `max_score` and `questions` are kept for the lists.
 */
export const formTemplateVersions = pgTable(
  'form_template_versions',
  {
    ...columns.tenantRecord(),
    templateId: integer('template_id').notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    questions: integer('questions').notNull(),
    maxScore: numeric('max_score', { mode: 'number' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: columns.createdAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.templateId, formTemplates).onDelete('cascade'),
    uniqueIndex('form_template_versions_uq').on(t.tenantId, t.templateId, t.version),
  ],
);

/**
 * An inspection of a store with one template version: a store visit, or a task assignment's
 * completion when the task carries a form (`assignment_id`). The score columns are
 * contract/forms.ts `scoreInspection` of `answers`, written with every answer saved. People are
 * referenced without foreign keys (history outlives users), as task submissions do.
 */
export const inspections = pgTable(
  'inspections',
  {
    tenantId: columns.tenantKey(),
    id: columns.bigIdentityId(),
    templateId: integer('template_id').notNull(),
    versionId: integer('version_id').notNull(),
    storeNodeId: integer('store_node_id').notNull(),
    inspectorId: integer('inspector_id').notNull(),
    assignmentId: bigint('assignment_id', { mode: 'number' }),
    status: text('status', { enum: ['in_progress', 'completed'] })
      .notNull()
      .default('in_progress'),
    answers: jsonb('answers').$type<Answers>().notNull().default({}),
    points: numeric('points', { mode: 'number' }).notNull().default(0),
    maxScore: numeric('max_score', { mode: 'number' }).notNull().default(0),
    percentage: numeric('percentage', { mode: 'number' }),
    passed: boolean('passed'),
    failed: jsonb('failed').$type<FailedItem[]>().notNull().default([]),
    failedCount: integer('failed_count').notNull().default(0),
    signatureHash: text('signature_hash'),
    signedBy: text('signed_by'),
    startedAt: columns.instantNow('started_at'),
    completedAt: columns.instant('completed_at'),
    updatedAt: columns.updatedAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.templateId, formTemplates),
    columns.tenantForeignKey(t, t.versionId, formTemplateVersions),
    columns.tenantForeignKey(t, t.assignmentId, taskAssignments).onDelete('cascade'),
    index('inspections_store_idx').on(t.tenantId, t.storeNodeId, t.completedAt),
    index('inspections_template_idx').on(t.tenantId, t.templateId),
    index('inspections_inspector_idx').on(t.tenantId, t.inspectorId, t.startedAt),
    // One inspection per assignment (a task's form is filled once; sending back reopens it).
    uniqueIndex('inspections_assignment_uq')
      .on(t.tenantId, t.assignmentId)
      .where(sql`${t.assignmentId} IS NOT NULL`),
  ],
);

/** The photos and signature files an inspection uses, so a download can ask who may see them. */
export const inspectionFiles = pgTable(
  'inspection_files',
  {
    tenantId: columns.tenantKey(),
    inspectionId: columns.bigNumber('inspection_id').notNull(),
    ...fileListColumns(),
  },
  (t) => fileListKeys('inspection_files', t, t.inspectionId, inspections),
);
