import type {
  Action,
  ActionCloseBody,
  ActionCommentBody,
  ActionCreateBody,
  ActionStatus,
  ActionStatusBody,
  ActionUpdateBody,
} from '../../../contract/api/actions';
import { ACTION_EXISTS_CODE } from '../../../contract/api/actions';
import type { Db } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { type Caller, can, inScope } from '../../lib/caller';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { checkDate } from '../../lib/localDates';
import { storeIn } from '../../lib/scopeNodes';
import type { Jobs } from '../../plugins/jobs';
import { existingFiles } from '../attachments/service';
import { getInspection } from '../inspections/service';
import { queueActionAssigned, queueActionResolved } from '../notification/events';
import {
  type ActionChange,
  actionOfItem,
  addEvent,
  assigneesAt,
  deleteAction,
  findAction,
  insertAction,
  isPast,
  keepFiles,
  lockAction,
  type NewAction,
  troubledAssignment,
  updateAction,
} from './repository';

const ACTION = 'Action';
const NOT_YOURS =
  'Only the person or store it is assigned to, or someone who may update actions here, can do this.';
const UPDATE_ONLY = 'Only someone who may update actions here can do this.';
const FILES_MISSING = 'Upload the photos first: some of them are not stored.';

/** Who an action is for: its assignee, or the store's team when it names no one. */
interface Assigned {
  assignee_id: number | null;
  store_node_id: number;
  path: string;
}

/** Changes its fields, closes and reopens it: update on actions where its store is. */
const mayUpdate = (caller: Caller, action: Assigned) =>
  can(caller, 'action', ['update']) && inScope(caller, action.path);

/** Works it (in progress, done, cannot fix): its assignee, the store's own team when no one is named, or update here. */
const mayWork = (caller: Caller, action: Assigned) =>
  action.assignee_id === caller.userId ||
  (action.assignee_id === null && caller.scope.nodeId === action.store_node_id) ||
  mayUpdate(caller, action);

/** One action for the caller (its store in their scope, assigned to them, or raised by them); 404 otherwise. */
export async function getAction(db: Db, caller: Caller, id: number): Promise<Action> {
  const found = await findAction(db, caller, id);
  if (!found) throw notFound(ACTION);
  return {
    ...found.action,
    can: {
      work: !found.action.closed_at && mayWork(caller, found),
      update: mayUpdate(caller, found),
      delete: can(caller, 'action', ['delete']) && inScope(caller, found.path),
    },
  };
}

async function checkPhotos(tx: Db, tenantId: number, photos: readonly string[]) {
  const stored = await existingFiles(tx, tenantId, photos);
  if (photos.some((hash) => !stored.has(hash))) throw badRequest(FILES_MISSING, { photos: FILES_MISSING });
}

async function checkDueDate(tx: Db, tenantId: number, storeNodeId: number, date: string) {
  checkDate(date, 'due_date');
  if (await isPast(tx, tenantId, storeNodeId, date)) {
    const message = 'Choose a due date from today on.';
    throw badRequest(message, { due_date: message });
  }
}

async function checkAssignee(tx: Db, caller: Caller, store: { id: number; path: string }, id: number | null) {
  if (id === null) return;
  const [person] = await assigneesAt(tx, caller, store, undefined, id);
  if (!person) {
    const message =
      'Choose someone of this store or above it who can see actions, or leave it to the store’s team.';
    throw badRequest(message, { assignee_id: message });
  }
}

/** What an action raised from an inspection's failed item or a task starts with. */
async function sourceOf(db: Db, caller: Caller, body: ActionCreateBody): Promise<Partial<NewAction>> {
  if (body.inspection_id !== undefined) {
    const questionId = body.question_id;
    if (!questionId) {
      const message = 'Name the failed question the action is about.';
      throw badRequest(message, { question_id: message });
    }
    const inspection = await getInspection(db, caller, body.inspection_id);
    const item = inspection.failed.find((f) => f.question_id === questionId);
    if (inspection.status !== 'completed' || !item) {
      const message = 'Actions are raised from the failed items of a finished inspection.';
      throw badRequest(message, { question_id: message });
    }
    return {
      source: 'inspection',
      storeNodeId: inspection.store.id,
      inspectionId: inspection.id,
      questionId,
      inspectionItem: {
        inspection_id: inspection.id,
        template: inspection.template.name,
        question_id: questionId,
        section: item.section,
        prompt: item.prompt,
        answer: item.answer,
      },
      photos: [...(item.answer.photos ?? []), ...(body.photos ?? [])],
    };
  }
  if (body.assignment_id !== undefined) {
    const assignment = await troubledAssignment(db, caller, body.assignment_id);
    if (!assignment) throw notFound('Assignment');
    if (!assignment.troubled) {
      const message = 'Actions are raised from a task its store could not do or that was sent back.';
      throw badRequest(message, { assignment_id: message });
    }
    return {
      source: 'task',
      storeNodeId: assignment.store_node_id,
      assignmentId: body.assignment_id,
      taskTitle: assignment.title,
    };
  }
  if (body.store_id === undefined) {
    const message = 'Choose the store the action concerns.';
    throw badRequest(message, { store_id: message });
  }
  return { source: 'manual', storeNodeId: body.store_id };
}

/**
 * A new action at a store of the caller's scope. From an inspection item, one per item: a second
 * raise of the same item (at once or later) answers 409 ACTION_EXISTS naming the first.
 */
export async function createAction(
  db: Db,
  jobs: Jobs,
  caller: Caller,
  body: ActionCreateBody,
): Promise<Action> {
  const id = await db.transaction(async (tx) => {
    const source = await sourceOf(tx, caller, body);
    const store = await storeIn(tx, caller.tenantId, caller.scope.path, source.storeNodeId ?? 0);
    if (!store) throw notFound('Workspace');
    await checkDueDate(tx, caller.tenantId, store.id, body.due_date);
    const assigneeId = body.assignee_id ?? null;
    await checkAssignee(tx, caller, store, assigneeId);
    const photos = [...new Set(source.photos ?? body.photos ?? [])];
    await checkPhotos(tx, caller.tenantId, photos);
    const title = body.title.trim();
    if (!title) throw badRequest('Give the action a title.', { title: 'Give the action a title.' });
    const created = await insertAction(tx, {
      tenantId: caller.tenantId,
      title,
      description: body.description?.trim() ?? '',
      priority: body.priority ?? 'medium',
      dueDate: body.due_date,
      assigneeId,
      createdBy: caller.userId,
      source: 'manual',
      ...source,
      storeNodeId: store.id,
      photos,
    });
    if (created === undefined) {
      const existing = await actionOfItem(
        tx,
        caller.tenantId,
        body.inspection_id ?? 0,
        body.question_id ?? '',
      );
      throw new HttpError(
        409,
        'An action has already been raised for this item.',
        { id: String(existing ?? '') },
        ACTION_EXISTS_CODE,
      );
    }
    await addEvent(tx, {
      tenantId: caller.tenantId,
      actionId: created,
      userId: caller.userId,
      kind: 'created',
    });
    await keepFiles(tx, caller.tenantId, created, photos);
    await queueActionAssigned(jobs, tx, caller.tenantId, created, caller.userId);
    describeActivity({
      entityId: created,
      entityName: `${title} (${store.name})`,
      scopePath: store.path,
      after: { title, store: store.name, due_date: body.due_date, priority: body.priority ?? 'medium' },
    });
    return created;
  });
  return getAction(db, caller, id);
}

async function lockFor(
  tx: Db,
  caller: Caller,
  id: number,
  may: (c: Caller, a: Assigned) => boolean,
  refusal: string,
) {
  const locked = await lockAction(tx, caller, id);
  if (!locked) throw notFound(ACTION);
  if (!may(caller, locked)) throw forbidden(refusal);
  return locked;
}

const CLOSED = 'This action has been closed: reopen it first.';

/** Changes an action's title, description, priority, due date or assignee (update on actions here). */
export async function update(db: Db, jobs: Jobs, caller: Caller, body: ActionUpdateBody): Promise<Action> {
  await db.transaction(async (tx) => {
    const locked = await lockFor(tx, caller, body.id, mayUpdate, UPDATE_ONLY);
    if (locked.closed) throw conflict(CLOSED);
    const change: ActionChange = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const note = (field: string, was: unknown, now: unknown) => {
      before[field] = was;
      after[field] = now;
    };
    const title = body.title?.trim();
    if (title !== undefined && title !== locked.title) {
      if (!title) throw badRequest('Give the action a title.', { title: 'Give the action a title.' });
      change.title = title;
      note('title', locked.title, title);
    }
    const description = body.description?.trim();
    if (description !== undefined && description !== locked.description) {
      change.description = description;
      note('description', locked.description, description);
    }
    if (body.priority !== undefined && body.priority !== locked.priority) {
      change.priority = body.priority;
      note('priority', locked.priority, body.priority);
    }
    if (body.due_date !== undefined && body.due_date !== locked.due_date) {
      await checkDueDate(tx, caller.tenantId, locked.store_node_id, body.due_date);
      change.dueDate = body.due_date;
      note('due_date', locked.due_date, body.due_date);
    }
    const reassigned = body.assignee_id !== undefined && body.assignee_id !== locked.assignee_id;
    if (reassigned) {
      await checkAssignee(
        tx,
        caller,
        { id: locked.store_node_id, path: locked.path },
        body.assignee_id ?? null,
      );
      change.assigneeId = body.assignee_id ?? null;
      note('assignee_id', locked.assignee_id, body.assignee_id);
    }
    if (Object.keys(after).length === 0) return;
    await updateAction(tx, caller.tenantId, locked.id, change);
    const kind = reassigned && Object.keys(after).length === 1 ? 'assigned' : 'edited';
    await addEvent(tx, { tenantId: caller.tenantId, actionId: locked.id, userId: caller.userId, kind });
    if (reassigned) await queueActionAssigned(jobs, tx, caller.tenantId, locked.id, caller.userId);
    describeActivity({
      entityId: locked.id,
      entityName: `${change.title ?? locked.title} (${locked.store_name})`,
      scopePath: locked.path,
      before,
      after,
    });
  });
  return getAction(db, caller, body.id);
}

/** The statuses a worker may move an action to from each one. */
const NEXT: Record<ActionStatus, readonly ActionStatus[]> = {
  open: ['in_progress', 'done', 'cannot_fix'],
  in_progress: ['open', 'done', 'cannot_fix'],
  done: [],
  cannot_fix: [],
};

/**
 * A step of work by its assignee, the store's team or update here: in progress (or back to open),
 * done with a comment or a photo of what was done, cannot fix with the reason. Done and cannot
 * fix wait for someone who may update actions to close the action or reopen it.
 */
export async function setStatus(db: Db, jobs: Jobs, caller: Caller, body: ActionStatusBody): Promise<Action> {
  await db.transaction(async (tx) => {
    const locked = await lockFor(tx, caller, body.id, mayWork, NOT_YOURS);
    if (locked.closed) throw conflict(CLOSED);
    if (body.status === locked.status) return;
    if (!NEXT[locked.status].includes(body.status)) {
      const message =
        locked.status === 'done' || locked.status === 'cannot_fix'
          ? 'This action waits to be closed or reopened by someone who may update actions.'
          : 'This action cannot move to that status.';
      throw conflict(message);
    }
    const comment = body.comment?.trim() ?? '';
    const photos = [...new Set(body.photos ?? [])];
    if (body.status === 'done' && !comment && photos.length === 0) {
      const message = 'Say or show what was done: a comment or a photo.';
      throw badRequest(message, { comment: message });
    }
    if (body.status === 'cannot_fix' && !comment) {
      const message = 'Say why it cannot be fixed.';
      throw badRequest(message, { comment: message });
    }
    await checkPhotos(tx, caller.tenantId, photos);
    await updateAction(tx, caller.tenantId, locked.id, { status: body.status });
    await addEvent(tx, {
      tenantId: caller.tenantId,
      actionId: locked.id,
      userId: caller.userId,
      kind: 'status',
      comment,
      photos,
      fromStatus: locked.status,
      toStatus: body.status,
    });
    await keepFiles(tx, caller.tenantId, locked.id, photos);
    if (body.status === 'done' || body.status === 'cannot_fix')
      await queueActionResolved(jobs, tx, caller.tenantId, locked.id, caller.userId);
    describeActivity({
      entityId: locked.id,
      entityName: `${locked.title} (${locked.store_name})`,
      scopePath: locked.path,
      before: { status: locked.status },
      after: { status: body.status },
    });
  });
  return getAction(db, caller, body.id);
}

/** A comment (and photos) by anyone who sees the action, closed or not. */
export async function comment(db: Db, caller: Caller, body: ActionCommentBody): Promise<Action> {
  await db.transaction(async (tx) => {
    const locked = await lockAction(tx, caller, body.id);
    if (!locked) throw notFound(ACTION);
    const text = body.comment.trim();
    const photos = [...new Set(body.photos ?? [])];
    if (!text && photos.length === 0) {
      const message = 'Write a comment or add a photo.';
      throw badRequest(message, { comment: message });
    }
    await checkPhotos(tx, caller.tenantId, photos);
    await updateAction(tx, caller.tenantId, locked.id, {});
    await addEvent(tx, {
      tenantId: caller.tenantId,
      actionId: locked.id,
      userId: caller.userId,
      kind: 'comment',
      comment: text,
      photos,
    });
    await keepFiles(tx, caller.tenantId, locked.id, photos);
    describeActivity({
      entityId: locked.id,
      entityName: `${locked.title} (${locked.store_name})`,
      scopePath: locked.path,
    });
  });
  return getAction(db, caller, body.id);
}

/** Closes a done or cannot-fix action (update on actions here): the end of its life, unless reopened. */
export async function close(db: Db, caller: Caller, body: ActionCloseBody): Promise<Action> {
  await db.transaction(async (tx) => {
    const locked = await lockFor(tx, caller, body.id, mayUpdate, UPDATE_ONLY);
    if (locked.closed) throw conflict('This action has been closed already.');
    if (locked.status !== 'done' && locked.status !== 'cannot_fix')
      throw conflict('Only an action marked done or cannot fix can be closed.');
    await updateAction(tx, caller.tenantId, locked.id, { closed: true, closedBy: caller.userId });
    await addEvent(tx, {
      tenantId: caller.tenantId,
      actionId: locked.id,
      userId: caller.userId,
      kind: 'closed',
      comment: body.comment?.trim() ?? '',
    });
    describeActivity({
      entityId: locked.id,
      entityName: `${locked.title} (${locked.store_name})`,
      scopePath: locked.path,
      before: { closed: false },
      after: { closed: true, status: locked.status },
    });
  });
  return getAction(db, caller, body.id);
}

/** Sends a done, cannot-fix or closed action back to open with the reason (update on actions here). */
export async function reopen(db: Db, jobs: Jobs, caller: Caller, body: ActionCloseBody): Promise<Action> {
  await db.transaction(async (tx) => {
    const locked = await lockFor(tx, caller, body.id, mayUpdate, UPDATE_ONLY);
    if (locked.status !== 'done' && locked.status !== 'cannot_fix')
      throw conflict('Only an action marked done or cannot fix can be reopened.');
    const reason = body.comment?.trim() ?? '';
    if (!reason) {
      const message = 'Say what still needs doing.';
      throw badRequest(message, { comment: message });
    }
    await updateAction(tx, caller.tenantId, locked.id, { status: 'open', closed: false });
    await addEvent(tx, {
      tenantId: caller.tenantId,
      actionId: locked.id,
      userId: caller.userId,
      kind: 'reopened',
      comment: reason,
      fromStatus: locked.status,
      toStatus: 'open',
    });
    await queueActionAssigned(jobs, tx, caller.tenantId, locked.id, caller.userId);
    describeActivity({
      entityId: locked.id,
      entityName: `${locked.title} (${locked.store_name})`,
      scopePath: locked.path,
      before: { status: locked.status, closed: locked.closed },
      after: { status: 'open', closed: false },
    });
  });
  return getAction(db, caller, body.id);
}

/** Removes an action (delete on actions, its store in the caller's scope). */
export async function removeAction(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const locked = await lockAction(tx, caller, id);
    if (!locked || !inScope(caller, locked.path)) throw notFound(ACTION);
    await deleteAction(tx, caller.tenantId, id);
    describeActivity({
      entityId: id,
      entityName: `${locked.title} (${locked.store_name})`,
      scopePath: locked.path,
      before: { title: locked.title, store: locked.store_name, status: locked.status },
    });
  });
  return { id };
}
