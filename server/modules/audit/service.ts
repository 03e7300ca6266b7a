import type {
  ApproveBody,
  AuditQueueQuery,
  AuditStorePage,
  AuditSubmissionDetail,
  AuditSubmissionPage,
  AuditTaskPage,
  RejectBody,
  ReviewResult,
  SubmissionListQuery,
} from '../../../contract/api/audit';
import type { CompletionData } from '../../../contract/api/webhooks';
import type { Db } from '../../db/client';
import { type Caller, can, inScope } from '../../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { emitEvent } from '../../lib/integrationEvents';
import { queueReportRollupIfChanged } from '../../lib/reportChanges';
import { bumpStores } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import { nodeInScope } from '../hierarchy/service';
import { reopenTaskForm } from '../inspections/service';
import { history, instructions } from '../mytasks/service';
import { queueSentBack } from '../notification/events';
import {
  decide,
  findSubmission,
  type LockedSubmission,
  listStores,
  listSubmissions,
  listTasks,
  lockSubmissions,
  submissionPhotos,
  taskExists,
} from './repository';

const NOT_FOUND = 'Submission';
const OUT_OF_SCOPE = 'This submission comes from a {workspace_lower} outside your part of the organisation.';
const OWN = 'You cannot review your own submission; another manager has to.';
const DECIDED =
  'This submission has already been reviewed (or its task was withdrawn). Reload to see its state.';

/** The subtree a queue covers: the caller's scope, or a node inside it. */
async function queuePath(db: Db, caller: Caller, nodeId: number | undefined): Promise<string> {
  if (nodeId === undefined) return caller.scope.path;
  return (await nodeInScope(db, caller, nodeId)).path;
}

export async function taskQueue(db: Db, caller: Caller, query: AuditQueueQuery): Promise<AuditTaskPage> {
  const path = await queuePath(db, caller, query.node_id);
  const { rows, total } = await listTasks(db, caller, path, query);
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

export async function storeQueue(db: Db, caller: Caller, query: AuditQueueQuery): Promise<AuditStorePage> {
  const path = await queuePath(db, caller, query.node_id);
  const { rows, total } = await listStores(db, caller, path, query);
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

export async function submissions(
  db: Db,
  caller: Caller,
  query: SubmissionListQuery,
): Promise<AuditSubmissionPage> {
  if (query.workspace_id !== undefined) await nodeInScope(db, caller, query.workspace_id, 'Workspace');
  if (query.task_id !== undefined && !(await taskExists(db, caller.tenantId, query.task_id)))
    throw notFound('Task');
  const path = await queuePath(db, caller, query.node_id);
  const { rows, total } = await listSubmissions(db, caller, path, query);
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

/** Why the caller may not decide on a submission, or null when they may. */
function reviewBlocked(caller: Caller, submittedBy: number, waiting: boolean): string | null {
  if (!can(caller, 'audit', ['update'])) return 'You can look at submissions but not approve or reject them.';
  if (!waiting) return DECIDED;
  // Only the root may review their own work: nobody sits above them to do it.
  if (submittedBy === caller.userId && caller.nodeType !== 'root') return OWN;
  return null;
}

export async function getSubmission(db: Db, caller: Caller, id: number): Promise<AuditSubmissionDetail> {
  const found = await findSubmission(db, caller.tenantId, id);
  if (!found) throw notFound(NOT_FOUND);
  if (!inScope(caller, found.path)) throw forbidden(OUT_OF_SCOPE);
  const [text, attempts] = await Promise.all([
    instructions(db, caller.tenantId, found.row.task.id),
    history(db, caller.tenantId, found.row.assignment_id),
  ]);
  const blocked = reviewBlocked(caller, found.submittedBy, found.row.state === 'waiting');
  return {
    submission: found.row,
    task: { id: found.row.task.id, title: found.row.task.title, type: found.type, ...text },
    history: attempts,
    can_review: blocked === null,
    review_blocked: blocked,
  };
}

/**
 * Locks the submissions and checks each may be decided by the caller: every id must exist (404),
 * lie in scope (403), not be the caller's own (403) and still wait (409). All or nothing.
 */
async function lockForReview(db: Db, caller: Caller, ids: readonly number[]): Promise<LockedSubmission[]> {
  const locked = await lockSubmissions(db, caller.tenantId, ids);
  if (locked.length !== ids.length) throw notFound(NOT_FOUND);
  for (const target of locked) {
    if (!inScope(caller, target.path)) throw forbidden(OUT_OF_SCOPE);
    if (target.submitted_by === caller.userId && caller.nodeType !== 'root') throw forbidden(OWN);
  }
  const decided = locked.filter((t) => !t.waiting).length;
  if (decided === 1 && ids.length === 1) throw conflict(DECIDED);
  if (decided > 0)
    throw conflict(
      `${decided} of these ${ids.length} submissions have already been reviewed; nothing was approved. Reload and try again.`,
    );
  return locked;
}

/** What a decision's event says of the submission. */
const completionOf = (target: LockedSubmission): CompletionData => ({
  submission_id: target.id,
  assignment_id: target.assignment_id,
  task_id: target.task_id,
  store_id: target.workspace_node_id,
  attempt: target.attempt,
  submitted_by: target.submitted_by,
});

/** A decision's follow-ups, in its transaction: the roll-up if it changed a rolled day, the stores' versions. */
async function decided(tx: Db, jobs: Jobs, caller: Caller, locked: readonly LockedSubmission[]) {
  await queueReportRollupIfChanged(jobs, tx, caller.tenantId);
  await bumpStores(
    tx,
    caller.tenantId,
    locked.map((t) => t.workspace_node_id),
  );
}

export async function approve(db: Db, jobs: Jobs, caller: Caller, body: ApproveBody): Promise<ReviewResult> {
  await db.transaction(async (tx) => {
    const locked = await lockForReview(tx, caller, body.ids);
    for (const target of locked)
      await decide(tx, caller.tenantId, caller.userId, target, { kind: 'approved' });
    await decided(tx, jobs, caller, locked);
    await emitEvent(
      jobs,
      tx,
      caller.tenantId,
      'completion.approved',
      locked.map((target) => ({ ...completionOf(target), reviewed_by: caller.userId })),
    );
  });
  return { ids: body.ids, decision: 'approved' };
}

export async function reject(db: Db, jobs: Jobs, caller: Caller, body: RejectBody): Promise<ReviewResult> {
  const reason = body.reason.trim();
  if (!reason) {
    const message = 'Say why it is rejected, so the {workspace_lower} knows what to fix.';
    throw badRequest(message, { reason: message });
  }
  await db.transaction(async (tx) => {
    const [target] = await lockForReview(tx, caller, [body.id]);
    const fileHash = body.attachment ?? null;
    if (fileHash !== null && !(await submissionPhotos(tx, caller.tenantId, body.id)).includes(fileHash)) {
      const message = 'Point at one of the photos of this submission, or at none.';
      throw badRequest(message, { attachment: message });
    }
    await decide(tx, caller.tenantId, caller.userId, target!, { kind: 'rejected', reason, fileHash });
    // A task's form sent back opens again, answers kept, for the store to put right.
    await reopenTaskForm(tx, caller.tenantId, target!.assignment_id);
    await decided(tx, jobs, caller, [target!]);
    await queueSentBack(jobs, tx, caller.tenantId, body.id);
    await emitEvent(jobs, tx, caller.tenantId, 'completion.sent_back', {
      ...completionOf(target!),
      reviewed_by: caller.userId,
      reason,
    });
  });
  return { ids: [body.id], decision: 'rejected' };
}
