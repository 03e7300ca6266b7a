import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { taskAssignments, taskFiles } from './tasks';

export const SUBMISSION_OUTCOMES = ['done', 'cannot_do'] as const;
export type SubmissionOutcome = (typeof SUBMISSION_OUTCOMES)[number];

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * Every completion a store sends, one row per attempt, never overwritten: the review fields are
 * filled by the audit when it approves or rejects, so the history of a resubmitted assignment
 * reads attempt by attempt. People are referenced without foreign keys (task history outlives users).
 */
export const taskSubmissions = pgTable(
  'task_submissions',
  {
    tenantId: integer('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    assignmentId: bigint('assignment_id', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome', { enum: SUBMISSION_OUTCOMES }).notNull(),
    comment: text('comment').notNull().default(''),
    /** Why it could not be done (outcome `cannot_do`). */
    reason: text('reason'),
    /** One tick per checklist step of the task, in the task's order. */
    checklist: jsonb('checklist').$type<boolean[]>().notNull().default([]),
    submittedBy: integer('submitted_by').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    decision: text('decision', { enum: REVIEW_DECISIONS }),
    reviewReason: text('review_reason'),
    /** The evidence photo a rejection points at ("this shelf"), one of this submission's files. */
    reviewFileHash: text('review_file_hash'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.assignmentId],
      foreignColumns: [taskAssignments.tenantId, taskAssignments.id],
    }).onDelete('cascade'),
    index('task_submissions_assignment_idx').on(t.tenantId, t.assignmentId, t.attempt),
    // The audit queue: what waits for a decision, oldest first.
    index('task_submissions_waiting_idx')
      .on(t.tenantId, t.submittedAt)
      .where(sql`${t.decision} IS NULL AND ${t.outcome} = 'done'`),
  ],
);

/** The evidence files of a submission; indexed by hash so a download can ask who may see a file. */
export const taskSubmissionFiles = pgTable(
  'task_submission_files',
  {
    tenantId: integer('tenant_id').notNull(),
    submissionId: bigint('submission_id', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    /** The name the submitter gave the file at their upload; null reads as task_files.name. */
    name: text('name'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.submissionId, t.hash] }),
    foreignKey({
      columns: [t.tenantId, t.submissionId],
      foreignColumns: [taskSubmissions.tenantId, taskSubmissions.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.hash], foreignColumns: [taskFiles.tenantId, taskFiles.hash] }),
    index('task_submission_files_hash_idx').on(t.tenantId, t.hash),
  ],
);

/**
 * Communications are read per person, not per store. When the author edits a published one, the
 * acknowledgements of its current assignments turn stale (kept as history) and each person
 * acknowledges again; at most one live acknowledgement per person and assignment.
 */
export const taskAcknowledgements = pgTable(
  'task_acknowledgements',
  {
    tenantId: integer('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    assignmentId: bigint('assignment_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
    stale: boolean('stale').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.assignmentId],
      foreignColumns: [taskAssignments.tenantId, taskAssignments.id],
    }).onDelete('cascade'),
    index('task_acknowledgements_assignment_idx').on(t.tenantId, t.assignmentId, t.userId),
    uniqueIndex('task_acknowledgements_live_uq')
      .on(t.tenantId, t.assignmentId, t.userId)
      .where(sql`not ${t.stale}`),
  ],
);
