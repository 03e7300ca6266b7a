import type { Task, TaskCreateBody, TaskListQuery, TaskPage } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import { type Caller, can, inScope } from '../../lib/caller';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { readTogether } from '../../lib/readTogether';
import { queueReportRollupIfChanged } from '../../lib/reportChanges';
import { bumpVersion } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import { markAcknowledgementsStale } from '../mytasks/acknowledgements';
import { dropFutureOpen, materialiseTask, windowFor } from './engine';
import { findTaskForm, userNames } from './organisation';
import { hhmm, summarise } from './present';
import { progressByStore, progressByTask } from './progress';
import {
  deleteTask,
  findTask,
  insertTask,
  isVisible,
  listTasks,
  loadAttachmentFiles,
  loadEdits,
  loadTargets,
  replaceAttachments,
  replaceTargets,
  type TaskRow,
  updateTaskRow,
} from './repository';
import { checkTaskBody } from './validate';

const NOT_YOURS = 'Only the author can change this task, or someone who may manage others’ tasks';

/** The task if the caller's task-management view holds it: 404 for unknown ids (any tenant's), 403 outside scope. */
export async function visibleTask(db: Db, caller: Caller, id: number, lock = false): Promise<TaskRow> {
  const task = await findTask(db, caller.tenantId, id, lock);
  if (!task) throw notFound('Task');
  if (!(await isVisible(db, caller, id)))
    throw forbidden('This task is outside your part of the organisation');
  return task;
}

/**
 * `update` changes one's own tasks (publishing a draft one wrote also counts as creating it);
 * `manage` also others' — as long as every target is in the caller's scope.
 */
export async function mayChange(db: Db, caller: Caller, task: TaskRow, publishing = false): Promise<boolean> {
  if (task.authorId === caller.userId)
    return (
      can(caller, 'taskmanagement', ['update']) || (publishing && can(caller, 'taskmanagement', ['create']))
    );
  if (!can(caller, 'taskmanagement', ['manage'])) return false;
  const targets = await loadTargets(db, caller.tenantId, task.id);
  return targets.every((t) => inScope(caller, t.path));
}

export async function assertMayChange(db: Db, caller: Caller, task: TaskRow, publishing = false) {
  if (!(await mayChange(db, caller, task, publishing))) throw forbidden(NOT_YOURS);
}

export async function list(db: Db, caller: Caller, query: TaskListQuery): Promise<TaskPage> {
  const { rows, total } = await listTasks(db, caller, query);
  const progress = await progressByTask(
    db,
    caller,
    rows.map((r) => r.id),
  );
  return {
    data: await summarise(db, caller.tenantId, rows, progress),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

export async function get(db: Db, caller: Caller, id: number): Promise<Task> {
  const task = await visibleTask(db, caller, id);
  // Also run inside a transaction (create on the demo data's), hence readTogether.
  const [targets, files, edits, progress, stores, editable, form] = await readTogether(db, [
    () => loadTargets(db, caller.tenantId, id),
    () => loadAttachmentFiles(db, caller.tenantId, id),
    () => loadEdits(db, caller.tenantId, id),
    () => progressByTask(db, caller, [id]),
    () => progressByStore(db, caller, id),
    () => mayChange(db, caller, task),
    () =>
      task.formVersionId === null
        ? Promise.resolve(undefined)
        : findTaskForm(db, caller.tenantId, { versionId: task.formVersionId }),
  ]);
  const [summary] = await summarise(db, caller.tenantId, [task], progress);
  const names = await userNames(
    db,
    caller.tenantId,
    edits.map((e) => e.userId),
  );
  return {
    ...summary!,
    description: task.description,
    expiry: task.expiry === null || task.expiry === 'end_of_day' ? task.expiry : hhmm(task.expiry),
    targets: {
      include: targets.filter((t) => t.mode === 'include').map((t) => t.id),
      exclude: targets.filter((t) => t.mode === 'exclude').map((t) => t.id),
    },
    target_nodes: targets.map(({ id: nodeId, name, type, mode }) => ({ id: nodeId, name, type, mode })),
    evidence: { comment: task.evidenceComment, photos: task.evidencePhotos, files: task.evidenceFiles },
    checklist: task.checklist,
    form: form ?? null,
    form_template_id: form?.template_id ?? null,
    attachments: files.map((f) => f.hash),
    attachment_files: files,
    editors: edits.map((e) => ({
      id: e.userId,
      name: names.get(e.userId) ?? 'Former user',
      edited_at: e.editedAt.toISOString(),
    })),
    editable: editable && task.status !== 'archived',
    stores,
  };
}

export async function create(db: Db, caller: Caller, body: TaskCreateBody): Promise<Task> {
  const id = await db.transaction(async (tx) => {
    const checked = await checkTaskBody(tx, caller, body);
    const row = await insertTask(tx, caller, checked.values);
    await replaceTargets(tx, caller.tenantId, row.id, checked.include, checked.exclude);
    await replaceAttachments(tx, caller.tenantId, row.id, caller.userId, checked.attachments);
    return row.id;
  });
  return get(db, caller, id);
}

/**
 * Replaces a task's fields. On a published task only the future changes: open assignments that
 * have not started are dropped and planned again from the new schedule and targets; started,
 * submitted and completed ones stay as they are.
 */
export async function update(
  db: Db,
  jobs: Jobs,
  caller: Caller,
  id: number,
  body: TaskCreateBody,
): Promise<Task> {
  await db.transaction(async (tx) => {
    const task = await visibleTask(tx, caller, id, true);
    await assertMayChange(tx, caller, task);
    if (task.status === 'archived') throw conflict('This task is archived; duplicate it to send it again');
    const checked = await checkTaskBody(tx, caller, body);
    await updateTaskRow(tx, caller, id, checked.values);
    await replaceTargets(tx, caller.tenantId, id, checked.include, checked.exclude);
    await replaceAttachments(tx, caller.tenantId, id, caller.userId, checked.attachments);
    if (task.status === 'published') {
      const now = new Date();
      await dropFutureOpen(tx, caller.tenantId, id, now);
      const updated = (await findTask(tx, caller.tenantId, id))!;
      await materialiseTask(tx, caller.tenantId, id, windowFor(updated, now), jobs);
      // An edited communication must be read again: earlier acknowledgements go stale.
      await markAcknowledgementsStale(tx, caller.tenantId, id);
      await queueReportRollupIfChanged(jobs, tx, caller.tenantId);
      await bumpVersion(tx, caller.tenantId, 'tasks');
    }
  });
  return get(db, caller, id);
}

/** Drafts can be deleted; a published task is archived instead, so its history stays. */
export async function remove(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const task = await visibleTask(tx, caller, id, true);
    if (task.authorId !== caller.userId && !can(caller, 'taskmanagement', ['manage']))
      throw forbidden(NOT_YOURS);
    if (task.status !== 'draft')
      throw conflict('Only drafts can be deleted; archive a published task to stop it');
    await deleteTask(tx, caller.tenantId, id);
  });
  return { id };
}
