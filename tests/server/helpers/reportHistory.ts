import { eq } from 'drizzle-orm';
import { taskAssignments, taskSubmissions } from '../../../server/db/schema';
import type { TestApp } from './app';
import type { taskBuilder } from './taskRows';

/** The range of the history below: two Tuesdays and the days around them. */
export const REPORT_RANGE = { from: '2021-03-01', to: '2021-03-14' };

/*
 * A small fixed history, far in the past so nothing else in the database falls in its range:
 * one task at three stores on two Tuesdays (2021-03-02 and 2021-03-09).
 *
 *   Sydney CBD         03-02 done on time, first time right (staff)  · 03-09 expired
 *   Parramatta         03-02 approved late, second attempt (store)   · 03-09 open → overdue
 *   Melbourne Central  03-02 can't do                                · 03-09 waiting approval
 */
export async function writeReportHistory(t: TestApp, tasks: ReturnType<typeof taskBuilder>) {
  const task = await tasks.createTask({ title: 'Reports: shelf audit', approval: true });
  const staff = await t.userByUsername('staff@acme.test');
  const store = await t.userByUsername('store@acme.test');
  // Hours after the due time, computed here: Citus sets a row from its own columns only through
  // immutable functions (timestamptz + interval is not).
  const finish = async (
    row: { id: number; dueAt: Date },
    by: number,
    hours: number,
    firstTimeRight: boolean,
  ) =>
    t.database.db
      .update(taskAssignments)
      .set({
        completedBy: by,
        completedAt: new Date(row.dueAt.getTime() + hours * 3_600_000),
        firstTimeRight,
      })
      .where(eq(taskAssignments.id, row.id));
  const cbd1 = await tasks.assign(task.id, 'Sydney CBD', { date: '2021-03-02', status: 'done' });
  await finish(cbd1, staff.id, -1, true);
  const parra1 = await tasks.assign(task.id, 'Parramatta', {
    date: '2021-03-02',
    status: 'approved',
    attempt: 2,
  });
  await finish(parra1, store.id, 2, false);
  await t.database.db.insert(taskSubmissions).values({
    tenantId: parra1.tenantId,
    assignmentId: parra1.id,
    attempt: 1,
    outcome: 'done',
    submittedBy: store.id,
    decision: 'rejected',
    reviewReason: 'Blurred',
  });
  await tasks.assign(task.id, 'Melbourne Central', { date: '2021-03-02', status: 'cannot_do' });
  await tasks.assign(task.id, 'Sydney CBD', { date: '2021-03-09', status: 'expired' });
  const open = await tasks.assign(task.id, 'Parramatta', { date: '2021-03-09', status: 'open' });
  const waiting = await tasks.assign(task.id, 'Melbourne Central', {
    date: '2021-03-09',
    status: 'submitted',
  });
  // Waiting approval as the service leaves it: the submission that waits for a decision.
  await finish(waiting, store.id, -2, false);
  await t.database.db.insert(taskSubmissions).values({
    tenantId: waiting.tenantId,
    assignmentId: waiting.id,
    attempt: 1,
    outcome: 'done',
    submittedBy: store.id,
  });
  return { taskId: task.id, open, waiting };
}
