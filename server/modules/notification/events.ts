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

/**
 * An action was raised, reassigned or reopened: its assignee, or the store's team when it names
 * no one, is told (not the person who did it). `step` tells this telling from earlier ones.
 */
export async function queueActionAssigned(
  jobs: Jobs,
  tx: Db,
  tenantId: number,
  actionId: number,
  actorId: number,
) {
  const step = `${Date.now()}`;
  await jobs.send(tx, 'notifications.send', { kind: 'action.assigned', tenantId, actionId, actorId, step });
}

/** An action was marked done or cannot fix: whoever raised it is told, to close it or reopen it. */
export async function queueActionResolved(
  jobs: Jobs,
  tx: Db,
  tenantId: number,
  actionId: number,
  actorId: number,
) {
  const step = `${Date.now()}`;
  await jobs.send(tx, 'notifications.send', { kind: 'action.resolved', tenantId, actionId, actorId, step });
}

/** An action is overdue past the tenant's delay: the people one level above its store are told. */
export async function queueActionEscalated(jobs: Jobs, tx: Db, tenantId: number, actionId: number) {
  await jobs.send(tx, 'notifications.send', {
    kind: 'action.escalated',
    tenantId,
    actionId,
    actorId: 0,
    step: 'escalated',
  });
}

/** A reviewer sent a submission back: its sender is told why. */
export async function queueSentBack(jobs: Jobs, tx: Db, tenantId: number, submissionId: number) {
  await jobs.send(tx, 'notifications.send', { kind: 'task.sent_back', tenantId, submissionId });
}
