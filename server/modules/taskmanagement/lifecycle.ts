import { and, count, eq } from 'drizzle-orm';
import type { TaskArchiveResult, TaskPublishResult } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import { taskAssignments } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict } from '../../lib/errors';
import { emitEvent } from '../../lib/integrationEvents';
import { queueReportRollupIfChanged } from '../../lib/reportChanges';
import { bumpVersion } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import { cancelOpen, loadTargetPaths, materialiseTask, windowFor } from './engine';
import { setTaskStatus } from './repository';
import { assertMayChange, visibleTask } from './service';

async function countAssignments(db: Db, tenantId: number, taskId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.tenantId, tenantId), eq(taskAssignments.taskId, taskId)));
  return row?.n ?? 0;
}

/**
 * Publishes a draft and creates its assignments in one transaction. The task row is locked first,
 * so two publishes racing on PostgreSQL run one after the other: the second finds the task
 * published and answers the same result without creating anything (the unique key would refuse
 * duplicates anyway).
 */
export async function publish(
  db: Db,
  jobs: Jobs | undefined,
  caller: Caller,
  id: number,
  now = new Date(),
): Promise<TaskPublishResult> {
  return db.transaction(async (tx) => {
    const task = await visibleTask(tx, caller, id, true);
    await assertMayChange(tx, caller, task, true);
    if (task.status === 'archived') throw conflict('This task is archived; duplicate it to send it again');
    if (task.status === 'draft') {
      const targets = await loadTargetPaths(tx, caller.tenantId, id);
      if (targets.include.length === 0) {
        const message = 'Choose at least one {workspace_lower} or area to send the task to';
        throw badRequest(message, { 'targets.include': message });
      }
      await setTaskStatus(tx, caller, id, 'published');
      // A one-off task is created as written, even if already late; recurring ones from today on.
      await materialiseTask(tx, caller.tenantId, id, windowFor(task, now, true), jobs);
      // A late one-off task lands on days the reports may have rolled already.
      if (jobs) await queueReportRollupIfChanged(jobs, tx, caller.tenantId);
      await bumpVersion(tx, caller.tenantId, 'tasks');
      const assignments = await countAssignments(tx, caller.tenantId, id);
      await emitEvent(jobs, tx, caller.tenantId, 'task.published', {
        task_id: id,
        title: task.title,
        assignments,
        published_by: caller.userId,
      });
      return { id, status: 'published', assignments };
    }
    return { id, status: 'published', assignments: await countAssignments(tx, caller.tenantId, id) };
  });
}

/** Archiving stops future occurrences and closes every open assignment as cancelled. */
export async function archive(
  db: Db,
  jobs: Jobs | undefined,
  caller: Caller,
  id: number,
): Promise<TaskArchiveResult> {
  return db.transaction(async (tx) => {
    const task = await visibleTask(tx, caller, id, true);
    await assertMayChange(tx, caller, task);
    if (task.status === 'archived') return { id, status: 'archived', cancelled: 0 };
    if (task.status === 'draft') throw conflict('A draft has not been sent; delete it instead');
    await setTaskStatus(tx, caller, id, 'archived');
    const cancelled = await cancelOpen(tx, caller.tenantId, id);
    if (jobs) await queueReportRollupIfChanged(jobs, tx, caller.tenantId);
    await bumpVersion(tx, caller.tenantId, 'tasks');
    await emitEvent(jobs, tx, caller.tenantId, 'task.archived', {
      task_id: id,
      title: task.title,
      cancelled,
      archived_by: caller.userId,
    });
    return { id, status: 'archived', cancelled };
  });
}
