import { and, count, eq, sql } from 'drizzle-orm';
import type { MyTaskCompleteBody } from '../../../contract/api/mytasks';
import { taskAssignments, taskSubmissions, tasks, taskTypes } from '../../../server/db/schema';
import { OWNER, SYDNEY } from './acmePeople';
import type { InjectResponse, TestApp } from './app';
import { organisation } from './organisation';
import { localDate } from './taskRows';

/** Builders for the task suites: ids by name, a valid task body, and the API calls. */
export function taskKit(t: TestApp) {
  const org = organisation(t);
  const db = () => t.database.db;

  const { tenantId, nodeId } = org;
  const typeId = async (name: string, tenant = 'acme') => {
    const [row] = await db()
      .select({ id: taskTypes.id })
      .from(taskTypes)
      .where(and(eq(taskTypes.tenantId, await tenantId(tenant)), eq(taskTypes.name, name)));
    return row!.id;
  };

  /** A valid one-off task body for Acme; override any field. */
  const body = async (overrides: Record<string, unknown> = {}) => ({
    title: 'Check the fire exits',
    description: '<p>Walk every exit and <strong>clear</strong> it.</p>',
    type_id: await typeId('Task'),
    start_date: '2030-03-04',
    start_time: '09:00',
    due_date: '2030-03-04',
    due_time: '17:00',
    targets: { include: [await nodeId('Sydney Metro')] },
    evidence: { comment: true, photos: 1, files: 0 },
    ...overrides,
  });

  const call = (as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) =>
    method === 'GET' || method === 'DELETE'
      ? t.injectAs(as, { method, url, query: data as Record<string, string | number> })
      : t.injectAs(as, { method, url, payload: data });

  const create = (as: string, payload: unknown) => call(as, 'POST', '/api/admin/task/create', payload);
  const publish = (as: string, id: number) => call(as, 'POST', '/api/admin/task/publish', { id });

  /** Creates and publishes; returns the task id. */
  const published = async (as: string, overrides: Record<string, unknown> = {}) => {
    const res = await create(as, await body(overrides));
    if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
    const id = res.json().data.id as number;
    const pub = await publish(as, id);
    if (pub.statusCode !== 200) throw new Error(`publish failed: ${pub.body}`);
    return id;
  };

  /** The owner's urgent task for the whole of today (Sydney) at these stores, published. */
  const urgentAllDay = async (title: string, stores: string[]) =>
    published(OWNER, {
      title,
      type_id: await typeId('Urgent'),
      start_date: localDate(SYDNEY),
      start_time: '00:00',
      due_date: localDate(SYDNEY),
      due_time: '23:59',
      targets: { include: await Promise.all([...new Set(stores)].map((s) => nodeId(s))) },
    });

  /** A store person's completion of an assignment, as My Tasks sends it. */
  const complete = (as: string, completion: MyTaskCompleteBody) =>
    call(as, 'POST', '/api/user/task/complete', completion);
  const submissionsOf = (assignmentId: number) =>
    db().select().from(taskSubmissions).where(eq(taskSubmissions.assignmentId, assignmentId));

  const taskCount = async () => (await db().select({ n: count() }).from(tasks))[0]!.n;

  /** Assignments of a task with their store's name, instants as ISO strings. */
  const assignmentsOf = async (taskId: number) => {
    const result = await db().execute(sql`
      SELECT a.id, n.name AS store, a.occurrence_date::text AS date, a.status,
        to_char(a.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start_at,
        to_char(a.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS due_at,
        to_char(a.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at
      FROM ${taskAssignments} a JOIN hierarchy_nodes n ON n.tenant_id = a.tenant_id AND n.id = a.workspace_node_id
      WHERE a.task_id = ${taskId} ORDER BY n.name, a.occurrence_date`);
    return (
      result as unknown as {
        rows: {
          id: number;
          store: string;
          date: string;
          status: string;
          start_at: string;
          due_at: string;
          expires_at: string | null;
        }[];
      }
    ).rows;
  };

  const data = (res: InjectResponse) => res.json().data;

  return {
    tenantId,
    nodeId,
    typeId,
    body,
    call,
    create,
    publish,
    published,
    urgentAllDay,
    complete,
    submissionsOf,
    taskCount,
    assignmentsOf,
    data,
    org,
  };
}
