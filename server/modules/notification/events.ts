import type { Db } from '../../db/client';
import type { Jobs } from '../../plugins/jobs';

/*
 * How other modules tell this one that something happened: a `notifications.send` job queued on
 * their transaction, so the notice exists only if the write commits. Who is told, and how, is
 * decided when the job runs (deliver.ts).
 */

/**
 * New assignments of a task start at these instants: each start's job waits for its instant (a
 * task published for next Monday tells the stores on Monday) and runs at once when it has passed.
 */
export async function queueTaskStarts(
  jobs: Jobs,
  tx: Db,
  tenantId: number,
  taskId: number,
  starts: readonly string[],
  now = new Date(),
): Promise<void> {
  for (const startAt of starts) {
    const at = new Date(startAt);
    await jobs.send(
      tx,
      'notifications.send',
      { kind: 'task.start', tenantId, taskId, startAt },
      at > now ? { startAfter: at } : {},
    );
  }
}

/** An inspection was finished: the store's people who read inspections are told its score. */
export async function queueInspectionCompleted(jobs: Jobs, tx: Db, tenantId: number, inspectionId: number) {
  await jobs.send(tx, 'notifications.send', { kind: 'inspection.completed', tenantId, inspectionId });
}

/** A reviewer sent a submission back: its sender is told why. */
export async function queueSentBack(jobs: Jobs, tx: Db, tenantId: number, submissionId: number) {
  await jobs.send(tx, 'notifications.send', { kind: 'task.sent_back', tenantId, submissionId });
}
