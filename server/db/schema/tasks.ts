import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ASSIGNMENT_STATUSES } from '../../../contract/api/tasks';
import { departments, taskTypes } from './catalogue';
import * as columns from './columns';
import { hierarchyNodes } from './hierarchy';

export const TASK_STATUSES = ['draft', 'published', 'archived'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** How a task repeats (design §5); stored as written, expanded into dates by the engine. */
export interface Recurrence {
  freq: 'daily' | 'weekly' | 'monthly';
  interval: number;
  /** Weekly: 0 = Sunday … 6 = Saturday. */
  weekdays?: number[];
  /** Monthly: 1–31, or -1 for the last day of the month. */
  month_day?: number;
  until?: string;
  count?: number;
}

/**
 * A task as head office writes it. Start, due and expiry are *local* dates and times: they apply
 * in each targeted workspace's own time zone, so they are kept as `date` and `time`, never as
 * instants; the assignments carry the instants. People are referenced without foreign keys so that
 * deleting a user never rewrites (or blocks on) task history.
 */
export const tasks = pgTable(
  'tasks',
  {
    ...columns.tenantRecord(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    typeId: integer('type_id').notNull(),
    departmentId: integer('department_id'),
    estimatedMinutes: integer('estimated_minutes'),
    startDate: columns.localDate('start_date').notNull(),
    startTime: time('start_time').notNull(),
    dueDate: columns.localDate('due_date').notNull(),
    dueTime: time('due_time').notNull(),
    /** `end_of_day` (midnight after the due day) or a local `HH:MM` on the due day; null: never expires. */
    expiry: text('expiry'),
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    evidenceComment: boolean('evidence_comment').notNull().default(false),
    evidencePhotos: integer('evidence_photos').notNull().default(0),
    evidenceFiles: integer('evidence_files').notNull().default(0),
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    approval: boolean('approval').notNull().default(false),
    compliance: boolean('compliance').notNull().default(false),
    /**
     * A form (issue 48) the stores fill as their completion instead of the checklist: the template
     * version the task was given. No foreign key here because forms.ts builds on this file; the
     * task service checks it is the tenant's.
     */
    formVersionId: integer('form_version_id'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('draft'),
    authorId: integer('author_id').notNull(),
    /** Where the author stood when writing it: "authored in a scope" reads this node's path. */
    authorNodeId: integer('author_node_id').notNull(),
    createdAt: columns.createdAt(),
    updatedBy: integer('updated_by'),
    updatedAt: columns.updatedAt(),
    publishedBy: integer('published_by'),
    publishedAt: columns.instant('published_at'),
    archivedBy: integer('archived_by'),
    archivedAt: columns.instant('archived_at'),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.typeId, taskTypes),
    columns.tenantForeignKey(t, t.departmentId, departments),
    index('tasks_status_idx').on(t.tenantId, t.status, t.updatedAt),
    index('tasks_type_idx').on(t.tenantId, t.typeId),
  ],
);

/** Nodes a task includes (a container: every active workspace under it, now and later) or excludes. */
export const taskTargets = pgTable(
  'task_targets',
  {
    tenantId: columns.tenantKey(),
    taskId: integer('task_id').notNull(),
    nodeId: integer('node_id').notNull(),
    mode: text('mode', { enum: ['include', 'exclude'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.taskId, t.nodeId] }),
    columns.tenantForeignKey(t, t.taskId, tasks).onDelete('cascade'),
    columns.tenantForeignKey(t, t.nodeId, hierarchyNodes).onDelete('cascade'),
    index('task_targets_node_idx').on(t.tenantId, t.nodeId),
  ],
);

/**
 * One occurrence of a task at one workspace (design §5). The unique key makes materialising twice
 * change nothing; the instants are computed by PostgreSQL from the task's local times in the
 * workspace's zone. A deleted workspace takes its assignments with it (deactivate to keep history).
 */
export const taskAssignments = pgTable(
  'task_assignments',
  {
    tenantId: columns.tenantKey(),
    id: columns.bigIdentityId(),
    taskId: integer('task_id').notNull(),
    workspaceNodeId: integer('workspace_node_id').notNull(),
    /** The local date the occurrence starts on. */
    occurrenceDate: columns.localDate('occurrence_date').notNull(),
    /** The local date it is due on (a task may span days). */
    dueDate: columns.localDate('due_date').notNull(),
    status: text('status', { enum: ASSIGNMENT_STATUSES }).notNull().default('open'),
    startAt: columns.instant('start_at').notNull(),
    dueAt: columns.instant('due_at').notNull(),
    expiresAt: columns.instant('expires_at'),
    attempt: integer('attempt').notNull().default(1),
    completedBy: integer('completed_by'),
    completedAt: columns.instant('completed_at'),
    firstTimeRight: boolean('first_time_right'),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.taskId, tasks).onDelete('cascade'),
    columns.tenantForeignKey(t, t.workspaceNodeId, hierarchyNodes).onDelete('cascade'),
    uniqueIndex('task_assignments_occurrence_uq').on(
      t.tenantId,
      t.taskId,
      t.workspaceNodeId,
      t.occurrenceDate,
    ),
    // Progress per task (assigned, done, overdue) reads only this index.
    index('task_assignments_progress_idx').on(t.tenantId, t.taskId, t.status, t.dueAt),
    // A workspace's day (My Tasks, planned minutes).
    index('task_assignments_workspace_day_idx').on(t.tenantId, t.workspaceNodeId, t.occurrenceDate),
    // My Tasks: what is still due on or after a day (a task may span days), and what is overdue.
    index('task_assignments_workspace_due_idx').on(t.tenantId, t.workspaceNodeId, t.dueDate),
    index('task_assignments_workspace_unfinished_idx')
      .on(t.tenantId, t.workspaceNodeId, t.dueAt)
      .where(sql`${t.status} in ('open', 'rejected')`),
    // The audit by task: a task's submissions waiting for review.
    index('task_assignments_submitted_idx')
      .on(t.tenantId, t.taskId, t.workspaceNodeId)
      .where(sql`${t.status} = 'submitted'`),
    // Reports: a tenant's days that are not rolled up yet (today, and days changed since).
    index('task_assignments_due_idx').on(t.tenantId, t.dueDate),
    // Reports: a one-off task's weakest stores in the order the report ranks them (not done
    // first, then overdue first — for days whose due and expiry have passed —, then by store),
    // so each task's three are the first entries of its range of this index.
    index('task_assignments_weakest_idx')
      .on(
        t.tenantId,
        t.taskId,
        sql`(${t.status} IN ('done', 'approved'))`,
        sql`(NOT (${t.status} IN ('open', 'rejected') AND ${t.expiresAt} IS NULL))`,
        t.workspaceNodeId,
      )
      .where(sql`${t.status} <> 'cancelled'`),
  ],
);

/**
 * Uploaded task files, stored under the SHA-256 of their bytes (spec §3 "upload hash"): the hash
 * is the handle a task or completion refers to; the same bytes uploaded twice are one file.
 */
export const taskFiles = pgTable(
  'task_files',
  {
    tenantId: columns.tenantReference(),
    hash: text('hash').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    kind: text('kind', { enum: ['photo', 'document'] }).notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    createdAt: columns.createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.hash] })],
);

/**
 * The columns of a list of stored files on a row (a task's attachments, a submission's evidence):
 * the file by its hash, the name it has in this list (null reads as task_files.name) and its place.
 */
export const fileListColumns = () => ({
  hash: text('hash').notNull(),
  name: text('name'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * A file list's keys: each file once per owner row, the list goes with its owner, every file is
 * stored, and a download finds by hash which lists hold it.
 */
export const fileListKeys = (
  table: string,
  t: { tenantId: AnyPgColumn; hash: AnyPgColumn },
  owner: AnyPgColumn,
  ownerTable: { tenantId: AnyPgColumn; id: AnyPgColumn },
) => [
  primaryKey({ columns: [t.tenantId, owner, t.hash] }),
  columns.tenantForeignKey(t, owner, ownerTable).onDelete('cascade'),
  columns.tenantForeignKey(t, t.hash, taskFiles, taskFiles.hash),
  index(`${table}_hash_idx`).on(t.tenantId, t.hash),
];

/** A task's reference attachments, in the order the author listed them. */
export const taskAttachments = pgTable(
  'task_attachments',
  {
    tenantId: columns.tenantKey(),
    taskId: integer('task_id').notNull(),
    /**
     * `name`: the name the file has on this task, the author's name for it when attached (the same
     * bytes may be called otherwise elsewhere).
     */
    ...fileListColumns(),
  },
  (t) => fileListKeys('task_attachments', t, t.taskId, tasks),
);

/** Who edited a task and when (the author is on the task itself). */
export const taskEdits = pgTable(
  'task_edits',
  {
    tenantId: columns.tenantKey(),
    id: columns.identityId(),
    taskId: integer('task_id').notNull(),
    userId: columns.userColumn(),
    editedAt: columns.instantNow('edited_at'),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.taskId, tasks).onDelete('cascade'),
    index('task_edits_task_idx').on(t.tenantId, t.taskId),
  ],
);

/**
 * Who uploaded which file. A file is stored once per tenant by its hash, but several people may
 * upload the same bytes, and each may then use it in their own completion (and download it).
 */
export const taskFileUploads = pgTable(
  'task_file_uploads',
  {
    tenantId: columns.tenantKey(),
    hash: text('hash').notNull(),
    userId: columns.userColumn(),
    /** The name this person gave these bytes at their latest upload (null before migration 0013). */
    name: text('name'),
    createdAt: columns.createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.hash, t.userId] }),
    columns.tenantForeignKey(t, t.hash, taskFiles, taskFiles.hash),
  ],
);
