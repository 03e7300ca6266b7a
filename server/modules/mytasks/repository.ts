import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  hierarchyNodes,
  type SubmissionOutcome,
  taskAssignments,
  taskAttachments,
  taskFiles,
  taskFileUploads,
  taskSubmissionFiles,
  taskSubmissions,
  tasks,
  taskTypes,
  users,
} from '../../db/schema';
import type { AssignmentStatus } from '../../db/schema/tasks';
import { attachmentFile, fileUpload } from '../../lib/taskJoins';

/** From an assignment to the store node it is for (same tenant). */
const assignmentStore = and(
  eq(hierarchyNodes.tenantId, taskAssignments.tenantId),
  eq(hierarchyNodes.id, taskAssignments.workspaceNodeId),
);

/** What completing needs to know about an assignment, read under a row lock (see service.complete). */
export async function lockAssignment(db: Db, tenantId: number, assignmentId: number) {
  const [row] = await db
    .select({
      id: taskAssignments.id,
      taskId: taskAssignments.taskId,
      workspaceNodeId: taskAssignments.workspaceNodeId,
      status: taskAssignments.status,
      attempt: taskAssignments.attempt,
      expiresAt: taskAssignments.expiresAt,
      path: hierarchyNodes.path,
      kind: taskTypes.kind,
      approval: tasks.approval,
      evidenceComment: tasks.evidenceComment,
      evidencePhotos: tasks.evidencePhotos,
      evidenceFiles: tasks.evidenceFiles,
      checklist: tasks.checklist,
      formVersionId: tasks.formVersionId,
    })
    .from(taskAssignments)
    .innerJoin(hierarchyNodes, assignmentStore)
    .innerJoin(tasks, and(eq(tasks.tenantId, taskAssignments.tenantId), eq(tasks.id, taskAssignments.taskId)))
    .innerJoin(taskTypes, and(eq(taskTypes.tenantId, tasks.tenantId), eq(taskTypes.id, tasks.typeId)))
    .where(and(eq(taskAssignments.tenantId, tenantId), eq(taskAssignments.id, assignmentId)))
    .for('update', { of: taskAssignments });
  return row;
}
export type LockedAssignment = NonNullable<Awaited<ReturnType<typeof lockAssignment>>>;

/** Where an assignment is, to tell "not yours" (403) from "no such assignment" (404). */
export async function findAssignmentPath(db: Db, tenantId: number, assignmentId: number) {
  const [row] = await db
    .select({ path: hierarchyNodes.path })
    .from(taskAssignments)
    .innerJoin(hierarchyNodes, assignmentStore)
    .where(and(eq(taskAssignments.tenantId, tenantId), eq(taskAssignments.id, assignmentId)));
  return row?.path;
}

/** The caller's own uploads among these hashes (a completion may only use files its author uploaded). */
export async function ownFiles(db: Db, tenantId: number, userId: number, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .select({ hash: taskFiles.hash, kind: taskFiles.kind })
    .from(taskFiles)
    .innerJoin(taskFileUploads, fileUpload)
    .where(
      and(
        eq(taskFiles.tenantId, tenantId),
        eq(taskFileUploads.userId, userId),
        inArray(taskFiles.hash, hashes),
      ),
    );
}

const UNFINISHED: AssignmentStatus[] = ['open', 'rejected'];

/**
 * Moves an unfinished assignment to its new state; a rejected one starts its next attempt. The
 * status condition makes a second completion change nothing even without the row lock.
 */
export async function finishAssignment(
  db: Db,
  tenantId: number,
  assignmentId: number,
  values: { status: AssignmentStatus; userId: number; firstTimeRight: boolean | null },
) {
  const [row] = await db
    .update(taskAssignments)
    .set({
      status: values.status,
      attempt: sql`CASE WHEN ${taskAssignments.status} = 'rejected' THEN ${taskAssignments.attempt} + 1 ELSE ${taskAssignments.attempt} END`,
      completedBy: values.userId,
      completedAt: sql`now()`,
      firstTimeRight: values.firstTimeRight,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(taskAssignments.tenantId, tenantId),
        eq(taskAssignments.id, assignmentId),
        inArray(taskAssignments.status, UNFINISHED),
        sql`(${taskAssignments.expiresAt} IS NULL OR ${taskAssignments.expiresAt} > now())`,
      ),
    )
    .returning({ attempt: taskAssignments.attempt });
  return row;
}

export async function insertSubmission(
  db: Db,
  tenantId: number,
  values: {
    assignmentId: number;
    attempt: number;
    outcome: SubmissionOutcome;
    comment: string;
    reason: string | null;
    checklist: boolean[];
    userId: number;
    hashes: string[];
  },
) {
  const [row] = await db
    .insert(taskSubmissions)
    .values({
      tenantId,
      assignmentId: values.assignmentId,
      attempt: values.attempt,
      outcome: values.outcome,
      comment: values.comment,
      reason: values.reason,
      checklist: values.checklist,
      submittedBy: values.userId,
    })
    .returning({ id: taskSubmissions.id });
  if (values.hashes.length > 0) {
    // Each file under the name its submitter gave it (only their own uploads are accepted).
    await db.execute(sql`INSERT INTO task_submission_files (tenant_id, submission_id, hash, sort_order, name)
      SELECT ${tenantId}::int, ${row!.id}::bigint, h.hash, h.ord - 1, u.name
      FROM unnest(${`{${values.hashes.join(',')}}`}::text[]) WITH ORDINALITY AS h(hash, ord)
      LEFT JOIN task_file_uploads u
        ON u.tenant_id = ${tenantId} AND u.hash = h.hash AND u.user_id = ${values.userId}`);
  }
  return row!.id;
}

/** A file as a reference shows it: under the name it has there, else the file's first name. */
const fileColumns = (reference: typeof taskAttachments | typeof taskSubmissionFiles) => ({
  hash: taskFiles.hash,
  name: sql<string>`coalesce(${reference.name}, ${taskFiles.name})`,
  mime: taskFiles.mime,
  size: taskFiles.size,
  kind: taskFiles.kind,
});

export async function listTaskAttachments(db: Db, tenantId: number, taskId: number) {
  return db
    .select(fileColumns(taskAttachments))
    .from(taskAttachments)
    .innerJoin(taskFiles, attachmentFile)
    .where(and(eq(taskAttachments.tenantId, tenantId), eq(taskAttachments.taskId, taskId)))
    .orderBy(asc(taskAttachments.sortOrder), asc(taskFiles.name));
}

export async function findTaskText(db: Db, tenantId: number, taskId: number) {
  const [row] = await db
    .select({ description: tasks.description, checklist: tasks.checklist })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, taskId)));
  return row;
}

const reviewer = alias(users, 'reviewer');
const personName = (u: { firstname: AnyPgColumn; lastname: AnyPgColumn }) =>
  sql<string>`trim(${u.firstname} || ' ' || ${u.lastname})`;

/** An assignment's submissions, oldest first, with who sent and who reviewed each. */
export async function listSubmissions(db: Db, tenantId: number, assignmentId: number) {
  const rows = await db
    .select({
      submission: taskSubmissions,
      submitter: personName(users),
      reviewer: personName(reviewer),
    })
    .from(taskSubmissions)
    .leftJoin(
      users,
      and(eq(users.tenantId, taskSubmissions.tenantId), eq(users.id, taskSubmissions.submittedBy)),
    )
    .leftJoin(
      reviewer,
      and(eq(reviewer.tenantId, taskSubmissions.tenantId), eq(reviewer.id, taskSubmissions.reviewedBy)),
    )
    .where(and(eq(taskSubmissions.tenantId, tenantId), eq(taskSubmissions.assignmentId, assignmentId)))
    .orderBy(asc(taskSubmissions.attempt), asc(taskSubmissions.id));
  const ids = rows.map((r) => r.submission.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select({ submissionId: taskSubmissionFiles.submissionId, ...fileColumns(taskSubmissionFiles) })
          .from(taskSubmissionFiles)
          .innerJoin(
            taskFiles,
            and(
              eq(taskFiles.tenantId, taskSubmissionFiles.tenantId),
              eq(taskFiles.hash, taskSubmissionFiles.hash),
            ),
          )
          .where(
            and(eq(taskSubmissionFiles.tenantId, tenantId), inArray(taskSubmissionFiles.submissionId, ids)),
          )
          .orderBy(asc(taskSubmissionFiles.sortOrder));
  return { rows, files };
}
