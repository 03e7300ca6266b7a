/** An urgent task as the modal shows it (spec §3 "Urgent tasks: grouped under Urgent, each with a status flag"). */
export interface UrgentTask {
  id: number | string;
  title: string;
  /** false while the task still needs doing. */
  status: boolean;
  due?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toTask(raw: unknown): UrgentTask | undefined {
  if (!isRecord(raw)) return undefined;
  const id = raw.id;
  if (typeof id !== 'number' && typeof id !== 'string') return undefined;
  const title =
    [raw.title, raw.name, raw.task_name].find((v): v is string => typeof v === 'string') ?? `#${id}`;
  const due = [raw.due_at, raw.end_at, raw.due, raw.end_time].find((v): v is string => typeof v === 'string');
  return { id, title, status: raw.status === true || raw.status === 1 || raw.status === 'true', due };
}

/**
 * Reads the urgent-task answer. The endpoint belongs to the task issue, so this accepts the shapes
 * the spec allows: a list, `{ Urgent: [...] }`, `{ data: ... }` or groups `[{ name: 'Urgent', tasks }]`.
 */
export function parseUrgentTasks(data: unknown): UrgentTask[] {
  if (Array.isArray(data)) {
    const grouped = data.find((g) => isRecord(g) && typeof g.name === 'string' && /urgent/i.test(g.name));
    if (isRecord(grouped)) return parseUrgentTasks(grouped.tasks ?? grouped.data ?? grouped.items);
    return data.map(toTask).filter((t): t is UrgentTask => t !== undefined);
  }
  if (isRecord(data)) {
    const key = Object.keys(data).find((k) => k.toLowerCase() === 'urgent');
    if (key) return parseUrgentTasks(data[key]);
    if ('data' in data) return parseUrgentTasks(data.data);
    if ('tasks' in data) return parseUrgentTasks(data.tasks);
  }
  return [];
}

/** Spec §4: urgent tasks with status false are counted. */
export function countOpenUrgent(tasks: readonly UrgentTask[]): number {
  return tasks.filter((t) => t.status === false).length;
}
