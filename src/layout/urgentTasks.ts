import type { UrgentTask } from '../../contract/api/mytasks';

export type { UrgentTask };

/** The query of the urgent-tasks modal; completing a task invalidates it (prefix match). */
export const URGENT_TASKS_KEY = 'urgent-tasks';

/**
 * Spec §4: urgent tasks with status false are counted; the modal opens when the count is above 0
 * (for the people who do the work: see useUrgentTasks). The server answers false exactly for urgent
 * open work (started, still to do), the dashboard's "urgent open".
 */
export function openUrgent(tasks: readonly UrgentTask[]): UrgentTask[] {
  return tasks.filter((t) => t.status === false);
}

/** Where the modal sends someone to do an urgent task: My Tasks with its drawer open. */
export function urgentTaskPath(task: Pick<UrgentTask, 'assignment_id'>): string {
  return `/task?assignment=${task.assignment_id}`;
}

/** The rows the modal lists before "and N more": a screenful on a phone. */
export const URGENT_ROWS_SHOWN = 5;
