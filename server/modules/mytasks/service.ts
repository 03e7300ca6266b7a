import { sql } from 'drizzle-orm';
import type {
  MyTaskCard,
  MyTaskCompleteBody,
  MyTaskDateQuery,
  MyTaskDetail,
  MyTaskGetQuery,
  MyTaskGroups,
  MyTaskSearchQuery,
  MyTaskUrgentQuery,
  Submission,
  UrgentTasks,
} from '../../../contract/api/mytasks';
import type { Db } from '../../db/client';
import { type Caller, inScope } from '../../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { emitEvent } from '../../lib/integrationEvents';
import type { KeptAnswers } from '../../lib/keptAnswers';
import { queueReportRollupIfChanged } from '../../lib/reportChanges';
import { bumpStores, storeVersion, type Versions, versionKey } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import { closeWhenEveryoneRead, insertAcknowledgement } from './acknowledgements';
import {
  type CardRow,
  coversDay,
  inDepartment,
  isUrgentOpen,
  notCancelled,
  selectCards,
  selectUrgent,
  titleMatches,
  withinSearchWindow,
} from './cards';
import { checkTimezone, localDateOf, localDayOf } from './day';
import { checkEvidence, type Evidence } from './evidence';
import { claimCompletion, keepCompletionAnswer } from './idempotency';
import { type DayCards, groupByType, isFinished, toCard } from './present';
import {
  findAssignmentPath,
  findTaskText,
  finishAssignment,
  insertSubmission,
  type LockedAssignment,
  listSubmissions,
  listTaskAttachments,
  lockAssignment,
} from './repository';

const NOT_FOUND = 'Task';
const OUT_OF_SCOPE = 'This task belongs to a {workspace_lower} outside your position.';

/** This process's kept answers with the versions the request's guard read. */
export interface Keeping {
  kept: KeptAnswers;
  versions: Versions;
}

/**
 * The key of what a store's person sees of their store: it changes with the store's own version
 * (its assignments, submissions, acknowledgements, people) and with the tenant's tasks, settings
 * (types, departments) and tree (the store's name). Undefined above store level, where the
 * answer spans stores and is read every time.
 */
function storeKey(caller: Caller, versions: Versions): string | undefined {
  if (caller.nodeType !== 'workspace') return undefined;
  return `${caller.tenantId}:${caller.userId}:${caller.scope.nodeId}:${storeVersion(versions, caller.scope.nodeId)}:${versionKey(versions, 'tasks', 'settings', 'tree')}`;
}

/**
 * The caller's card rows of a local day, as a holder the route renders from (present.ts,
 * renderDay). Kept for a store's people under the store's versions; what depends on the clock
 * is derived from the rows when the answer is rendered.
 */
export async function dayCards(
  db: Db,
  caller: Caller,
  query: MyTaskDateQuery,
  keeping?: Keeping,
): Promise<DayCards> {
  const timezone = checkTimezone(query.timezone);
  const date = localDayOf(query.datetime, timezone);
  const read = async (): Promise<DayCards> => ({
    rows: await selectCards(
      db,
      caller,
      sql`${coversDay(date, timezone)} AND ${notCancelled} AND ${inDepartment(query.department)}`,
    ),
  });
  const store = keeping && storeKey(caller, keeping.versions);
  if (!store) return read();
  return keeping.kept.get(`day:${store}:${date}:${timezone}:${query.department ?? ''}`, read);
}

/**
 * The caller's own urgent work of the day and overdue work (spec §7: asked on every page load;
 * §4: the modal opens when its count is above 0). A store's people get their store's; head-office
 * and area people none (they see their tree's urgent work on the dashboard), without a query.
 * Kept like the day; the rows carry their expiry, so what expired since is left out here.
 */
export async function urgent(
  db: Db,
  caller: Caller,
  query: MyTaskUrgentQuery,
  keeping?: Keeping,
  now = Date.now(),
): Promise<UrgentTasks> {
  const timezone = checkTimezone(query.timezone);
  const date = localDayOf(query.datetime, timezone);
  if (caller.nodeType !== 'workspace') return { data: [] };
  const read = () => selectUrgent(db, caller, date, timezone);
  const store = keeping && storeKey(caller, keeping.versions);
  const rows = store ? await keeping.kept.get(`urgent:${store}:${date}:${timezone}`, read) : await read();
  // Open ones by the product's rule (started, still to do); finished ones stay listed as done.
  return {
    data: rows
      .filter((r) => isUrgentOpen(r, now) || isFinished(r.status))
      .map((r) => ({
        assignment_id: r.assignment_id,
        task_id: r.task_id,
        title: r.title,
        due_at: r.due_at,
        workspace: r.workspace,
        status: isFinished(r.status),
      })),
  };
}

export async function search(db: Db, caller: Caller, query: MyTaskSearchQuery): Promise<MyTaskGroups> {
  const timezone = checkTimezone(query.timezone);
  const key = query.search_key.trim();
  if (!key) return { data: [] };
  const today = localDateOf(new Date(), timezone);
  const rows = await selectCards(
    db,
    caller,
    sql`${withinSearchWindow(today, timezone)} AND ${notCancelled} AND ${titleMatches(key)}
      AND ${inDepartment(query.department)}`,
  );
  return groupByType(rows);
}

/** One card of the caller's scope: 404 when the tenant has no such assignment, 403 when it is not theirs. */
async function cardRowOf(db: Db, caller: Caller, assignmentId: number): Promise<CardRow> {
  const path = await findAssignmentPath(db, caller.tenantId, assignmentId);
  if (path === undefined) throw notFound(NOT_FOUND);
  if (!inScope(caller, path)) throw forbidden(OUT_OF_SCOPE);
  const [row] = await selectCards(db, caller, sql`a.id = ${assignmentId}`);
  // In scope but not listed: a store that is inactive is not among the caller's workspaces.
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function resolveAssignment(db: Db, caller: Caller, query: MyTaskGetQuery): Promise<CardRow> {
  if (query.assignment_id !== undefined) return cardRowOf(db, caller, query.assignment_id);
  if (query.task_id === undefined || query.date === undefined) {
    throw badRequest('Send an assignment_id, or a task_id and a date', {
      assignment_id: 'Send an assignment_id, or a task_id and a date',
    });
  }
  const where =
    query.workspace_id === undefined ? sql`true` : sql`a.workspace_node_id = ${query.workspace_id}`;
  const rows = await selectCards(
    db,
    caller,
    sql`a.task_id = ${query.task_id} AND a.occurrence_date = ${query.date}::date AND ${where}`,
  );
  if (rows.length === 0) throw notFound(NOT_FOUND);
  if (rows.length > 1) {
    throw badRequest('This task runs at several of your {workspaces_lower} on that day; choose one', {
      workspace_id: 'Choose the {workspace_lower}',
    });
  }
  return rows[0]!;
}

export async function get(db: Db, caller: Caller, query: MyTaskGetQuery): Promise<MyTaskDetail> {
  const row = await resolveAssignment(db, caller, query);
  const assignment = toCard(row);
  const [text, attachments, submissions] = await Promise.all([
    findTaskText(db, caller.tenantId, assignment.task_id),
    listTaskAttachments(db, caller.tenantId, assignment.task_id),
    history(db, caller.tenantId, assignment.assignment_id),
  ]);
  return {
    task: {
      id: assignment.task_id,
      title: assignment.title,
      description: text?.description ?? '',
      type: row.type,
      checklist: text?.checklist ?? [],
      attachments,
    },
    assignment,
    submissions,
  };
}

/** An assignment's attempts, oldest first, each with its evidence and its review. */
export async function history(db: Db, tenantId: number, assignmentId: number): Promise<Submission[]> {
  const { rows, files } = await listSubmissions(db, tenantId, assignmentId);
  return rows.map(
    ({ submission: s, submitter, reviewer }): Submission => ({
      id: s.id,
      attempt: s.attempt,
      outcome: s.outcome,
      comment: s.comment,
      reason: s.reason,
      checklist: s.checklist,
      attachments: files.filter((f) => f.submissionId === s.id).map(({ submissionId: _, ...file }) => file),
      submitted_by: { id: s.submittedBy, name: submitter ?? '' },
      submitted_at: s.submittedAt.toISOString(),
      review: s.decision
        ? {
            decision: s.decision,
            reason: s.reviewReason,
            reviewed_by: s.reviewedBy === null ? null : { id: s.reviewedBy, name: reviewer ?? '' },
            reviewed_at: s.reviewedAt?.toISOString() ?? null,
            attachment: s.reviewFileHash,
          }
        : null,
    }),
  );
}

/** A task's instructions and reference files, as the store sees them. */
export async function instructions(db: Db, tenantId: number, taskId: number) {
  const [text, attachments] = await Promise.all([
    findTaskText(db, tenantId, taskId),
    listTaskAttachments(db, tenantId, taskId),
  ]);
  return { description: text?.description ?? '', checklist: text?.checklist ?? [], attachments };
}

/** 409 for an assignment that can no longer be completed, with the reason in words. */
const FILL_THE_FORM = 'This task is completed by filling in its form: open the form and finish it.';

function assertCompletable(target: LockedAssignment) {
  const expired = target.expiresAt !== null && target.expiresAt.getTime() <= Date.now();
  if (target.status === 'cancelled')
    throw conflict('This task was withdrawn by its author.', undefined, 'task_withdrawn');
  if (target.status === 'expired' || (expired && (target.status === 'open' || target.status === 'rejected')))
    throw conflict('This task has expired and can no longer be completed.', undefined, 'task_expired');
  if (target.status !== 'open' && target.status !== 'rejected')
    throw conflict('This task has already been completed.', undefined, 'task_completed');
}

async function acknowledge(db: Db, caller: Caller, target: LockedAssignment, body: MyTaskCompleteBody) {
  if (body.acknowledged !== true || body.outcome === 'cannot_do') {
    throw badRequest('Confirm that you have read this communication', {
      acknowledged: 'Confirm that you have read this communication',
    });
  }
  if (target.status === 'cancelled')
    throw conflict('This communication was withdrawn by its author.', undefined, 'task_withdrawn');
  const expired = target.expiresAt !== null && target.expiresAt.getTime() <= Date.now();
  if (target.status === 'expired' || (expired && target.status === 'open'))
    throw conflict('This communication has expired.', undefined, 'task_expired');
  if (!(await insertAcknowledgement(db, caller.tenantId, target.id, caller.userId)))
    throw conflict('You have already acknowledged this communication.', undefined, 'already_acknowledged');
  await closeWhenEveryoneRead(db, caller.tenantId, target.id, caller.userId);
}

/**
 * Completes (or acknowledges) an assignment. The row lock serialises completions of one
 * assignment on PostgreSQL: the second waits, then sees the first one's state and gets 409.
 */
export async function complete(
  db: Db,
  jobs: Jobs,
  caller: Caller,
  body: MyTaskCompleteBody,
): Promise<MyTaskCard> {
  return db.transaction(async (tx) => {
    const clientId = body.client_id;
    const replayed = clientId === undefined ? undefined : await claimCompletion(tx, caller, clientId, body);
    if (replayed) return replayed;
    const target = await lockAssignment(tx, caller.tenantId, body.assignment_id);
    if (!target) throw notFound(NOT_FOUND);
    if (!inScope(caller, target.path)) throw forbidden(OUT_OF_SCOPE);
    if (target.kind === 'communication') await acknowledge(tx, caller, target, body);
    else await finish(tx, jobs, caller, target, body);
    // A late completion changes a rolled report day; the store's day changes in any case.
    await queueReportRollupIfChanged(jobs, tx, caller.tenantId);
    await bumpStores(tx, caller.tenantId, [target.workspaceNodeId]);
    const card = toCard(await cardRowOf(tx, caller, body.assignment_id));
    if (clientId !== undefined) await keepCompletionAnswer(tx, caller, clientId, card);
    return card;
  });
}

/** Completes (or reports as cannot-do) a task that is not a communication, on the locked row. */
async function finish(
  tx: Db,
  jobs: Jobs,
  caller: Caller,
  target: LockedAssignment,
  body: MyTaskCompleteBody,
) {
  assertCompletable(target);
  // A task with a form is done by finishing its form (completeByForm); it can still be reported as cannot-do.
  if (target.formVersionId !== null && body.outcome !== 'cannot_do')
    throw badRequest(FILL_THE_FORM, { outcome: FILL_THE_FORM });
  await finishWith(tx, jobs, caller, target, await checkEvidence(tx, caller, target, body));
}

const NO_FORM = 'This task has no form to fill in.';

/**
 * A store's assignment whose form is to be filled, locked: in the caller's scope (403 outside it)
 * and carrying a form (400 otherwise).
 */
export async function lockTaskForm(tx: Db, caller: Caller, assignmentId: number) {
  const target = await lockAssignment(tx, caller.tenantId, assignmentId);
  if (!target) throw notFound(NOT_FOUND);
  if (!inScope(caller, target.path)) throw forbidden(OUT_OF_SCOPE);
  if (target.formVersionId === null) throw badRequest(NO_FORM, { assignment_id: NO_FORM });
  return { ...target, formVersionId: target.formVersionId };
}

/**
 * The store's task with a form, completed by the inspection that fills it, in the transaction that
 * finishes that inspection: submitted for review when the task asks for approval, done otherwise.
 */
export async function completeByForm(tx: Db, jobs: Jobs, caller: Caller, assignmentId: number) {
  const target = await lockAssignment(tx, caller.tenantId, assignmentId);
  if (!target) throw notFound(NOT_FOUND);
  assertCompletable(target);
  await finishWith(tx, jobs, caller, target, {
    outcome: 'done',
    comment: '',
    reason: null,
    checklist: [],
    hashes: [],
  });
  await queueReportRollupIfChanged(jobs, tx, caller.tenantId);
  await bumpStores(tx, caller.tenantId, [target.workspaceNodeId]);
}

async function finishWith(tx: Db, jobs: Jobs, caller: Caller, target: LockedAssignment, evidence: Evidence) {
  const status = evidence.outcome === 'cannot_do' ? 'cannot_do' : target.approval ? 'submitted' : 'done';
  const finished = await finishAssignment(tx, caller.tenantId, target.id, {
    status,
    userId: caller.userId,
    // Approval decides first-time-right later (the audit); without it, done at attempt 1 is right.
    firstTimeRight: status === 'done' ? target.attempt === 1 : null,
  });
  if (!finished) throw conflict('This task has already been completed.', undefined, 'task_completed');
  const submissionId = await insertSubmission(tx, caller.tenantId, {
    assignmentId: target.id,
    attempt: finished.attempt,
    outcome: evidence.outcome,
    comment: evidence.comment,
    reason: evidence.reason,
    checklist: evidence.checklist,
    userId: caller.userId,
    hashes: evidence.hashes,
  });
  const told = {
    submission_id: Number(submissionId),
    assignment_id: target.id,
    task_id: target.taskId,
    store_id: target.workspaceNodeId,
    attempt: finished.attempt,
    submitted_by: caller.userId,
  };
  if (status === 'cannot_do')
    await emitEvent(jobs, tx, caller.tenantId, 'completion.cant_do', {
      ...told,
      reason: evidence.reason ?? '',
    });
  else await emitEvent(jobs, tx, caller.tenantId, 'completion.submitted', { ...told, status });
}
