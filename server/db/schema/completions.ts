import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import * as columns from './columns';
import { fileListColumns, fileListKeys, taskAssignments } from './tasks';

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
    tenantId: columns.tenantKey(),
    id: columns.bigIdentityId(),
    assignmentId: columns.bigNumber('assignment_id').notNull(),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome', { enum: SUBMISSION_OUTCOMES }).notNull(),
    comment: text('comment').notNull().default(''),
    /** Why it could not be done (outcome `cannot_do`). */
    reason: text('reason'),
    /** One tick per checklist step of the task, in the task's order. */
    checklist: jsonb('checklist').$type<boolean[]>().notNull().default([]),
    submittedBy: integer('submitted_by').notNull(),
    submittedAt: columns.instantNow('submitted_at'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: columns.instant('reviewed_at'),
    decision: text('decision', { enum: REVIEW_DECISIONS }),
    reviewReason: text('review_reason'),
    /** The evidence photo a rejection points at ("this shelf"), one of this submission's files. */
    reviewFileHash: text('review_file_hash'),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.assignmentId, taskAssignments).onDelete('cascade'),
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
    tenantId: columns.tenantKey(),
    submissionId: columns.bigNumber('submission_id').notNull(),
    /** `name`: the name the submitter gave the file at their upload. */
    ...fileListColumns(),
  },
  (t) => fileListKeys('task_submission_files', t, t.submissionId, taskSubmissions),
);

/**
 * Communications are read per person, not per store. When the author edits a published one, the
 * acknowledgements of its current assignments turn stale (kept as history) and each person
 * acknowledges again; at most one live acknowledgement per person and assignment.
 */
export const taskAcknowledgements = pgTable(
  'task_acknowledgements',
  {
    tenantId: columns.tenantKey(),
    id: columns.bigIdentityId(),
    assignmentId: columns.bigNumber('assignment_id').notNull(),
    userId: columns.userColumn(),
    acknowledgedAt: columns.instantNow('acknowledged_at'),
    stale: boolean('stale').notNull().default(false),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.assignmentId, taskAssignments).onDelete('cascade'),
    index('task_acknowledgements_assignment_idx').on(t.tenantId, t.assignmentId, t.userId),
    uniqueIndex('task_acknowledgements_live_uq')
      .on(t.tenantId, t.assignmentId, t.userId)
      .where(sql`not ${t.stale}`),
  ],
);

/**
 * Completions sent with a client-made id (issue 30: a phone's offline queue may send one twice).
 * The primary key is the idempotency: the first request's insert claims the id, a concurrent twin
 * waits on it and then finds it taken, and every replay answers `answer`, the first one's card.
 * `fingerprint` tells a replay from a different completion that reuses the id.
 */
export const completionRequests = pgTable(
  'completion_requests',
  {
    tenantId: columns.tenantKey(),
    userId: columns.userColumn(),
    clientId: uuid('client_id').notNull(),
    assignmentId: columns.bigNumber('assignment_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    answer: jsonb('answer').$type<unknown>(),
    createdAt: columns.createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.clientId] }),
    columns.tenantForeignKey(t, t.assignmentId, taskAssignments).onDelete('cascade'),
  ],
);
