import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  type AssignmentStatus,
  hierarchyNodes,
  taskAssignments,
  taskFiles,
  taskFileUploads,
  tasks,
  taskTypes,
  workspaces,
} from '../../../server/db/schema';
import { bumpStores, bumpVersion } from '../../../server/lib/versions';
import type { TestApp } from './app';
import { organisation } from './organisation';

export interface TaskValues {
  title: string;
  kind?: 'task' | 'urgent' | 'communication';
  departmentId?: number | null;
  evidenceComment?: boolean;
  evidencePhotos?: number;
  evidenceFiles?: number;
  checklist?: string[];
  approval?: boolean;
  description?: string;
  tenant?: string;
}

export interface AssignValues {
  /** The local day it starts on, in the workspace's zone. */
  date: string;
  start?: string;
  due?: string;
  /** The local day it is due on (default `date`). */
  dueDate?: string;
  /** A local time on the due day after which it expires. */
  expiry?: string;
  status?: AssignmentStatus;
  attempt?: number;
  tenant?: string;
}

/**
 * Builders for the My Tasks suites: tasks and assignments written straight to the database (the
 * publish engine is not needed to test the store side), with instants computed by PostgreSQL from
 * local times in each workspace's zone, as the engine does.
 */
export function taskBuilder(t: TestApp) {
  const db = () => t.database.db;
  const org = organisation(t);

  const typeId = async (kind: TaskValues['kind'], tenant: string) => {
    const [row] = await db()
      .select({ id: taskTypes.id })
      .from(taskTypes)
      .where(and(eq(taskTypes.tenantId, await org.tenantId(tenant)), eq(taskTypes.kind, kind ?? 'task')));
    return row!.id;
  };

  const createTask = async (values: TaskValues) => {
    const tenant = values.tenant ?? 'acme';
    const tenantId = await org.tenantId(tenant);
    const [root] = await db()
      .select({ id: hierarchyNodes.id })
      .from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.type, 'root')));
    const author = await t.userByUsername(tenant === 'acme' ? 'owner@acme.test' : `owner@${tenant}.test`);
    const [row] = await db()
      .insert(tasks)
      .values({
        tenantId,
        title: values.title,
        description: values.description ?? '<p>Do it well.</p>',
        typeId: await typeId(values.kind, tenant),
        departmentId: values.departmentId ?? null,
        startDate: '2030-01-01',
        startTime: '09:00',
        dueDate: '2030-01-01',
        dueTime: '17:00',
        evidenceComment: values.evidenceComment ?? false,
        evidencePhotos: values.evidencePhotos ?? 0,
        evidenceFiles: values.evidenceFiles ?? 0,
        checklist: values.checklist ?? [],
        approval: values.approval ?? false,
        status: 'published',
        authorId: author.id,
        authorNodeId: root!.id,
      })
      .returning({ id: tasks.id, tenantId: tasks.tenantId });
    // Written as a service would: what is kept of the tenant's tasks moves on.
    await bumpVersion(db(), tenantId, 'tasks');
    return row!;
  };

  /** One assignment of a task at a workspace (by name); times are local to the workspace. */
  const assign = async (taskId: number, workspace: string, values: AssignValues) => {
    const tenant = values.tenant ?? 'acme';
    const node = await org.node(workspace, tenant);
    // Read first: Citus takes no subquery inside INSERT … VALUES.
    const [found] = await db()
      .select({ zone: sql<string>`coalesce(${workspaces.timezone}, 'UTC')` })
      .from(workspaces)
      .where(and(eq(workspaces.tenantId, node.tenantId), eq(workspaces.nodeId, node.id)));
    const zone = found?.zone ?? 'UTC';
    const at = (date: string, time: string) => sql`(${date}::date + ${time}::time) AT TIME ZONE ${zone}`;
    const dueDate = values.dueDate ?? values.date;
    const [row] = await db()
      .insert(taskAssignments)
      .values({
        tenantId: node.tenantId,
        taskId,
        workspaceNodeId: node.id,
        occurrenceDate: values.date,
        dueDate,
        status: values.status ?? 'open',
        startAt: at(values.date, values.start ?? '09:00'),
        dueAt: at(dueDate, values.due ?? '17:00'),
        expiresAt: values.expiry ? at(dueDate, values.expiry) : null,
        attempt: values.attempt ?? 1,
      })
      .returning();
    await bumpStores(db(), node.tenantId, [node.id]);
    return row!;
  };

  /** A file as if `username` had uploaded it; the hash is derived from the name. */
  const upload = async (username: string, name: string, kind: 'photo' | 'document') => {
    const user = await t.userByUsername(username);
    const hash = createHash('sha256').update(name).digest('hex');
    await db()
      .insert(taskFiles)
      .values({
        tenantId: user.tenantId,
        hash,
        name,
        mime: kind === 'photo' ? 'image/jpeg' : 'application/pdf',
        size: 1234,
        kind,
        uploadedBy: user.id,
      })
      .onConflictDoNothing();
    await db()
      .insert(taskFileUploads)
      .values({ tenantId: user.tenantId, hash, userId: user.id })
      .onConflictDoNothing();
    return hash;
  };

  const assignment = async (id: number) => {
    const [row] = await db().select().from(taskAssignments).where(eq(taskAssignments.id, id));
    return row!;
  };

  const setStatus = async (id: number, status: AssignmentStatus) => {
    const [row] = await db()
      .update(taskAssignments)
      .set({ status })
      .where(eq(taskAssignments.id, id))
      .returning({ tenantId: taskAssignments.tenantId, nodeId: taskAssignments.workspaceNodeId });
    if (row) await bumpStores(db(), row.tenantId, [row.nodeId]);
  };

  return { createTask, assign, upload, assignment, setStatus, typeId };
}

/** A local date `days` from today in a zone (YYYY-MM-DD). */
export function localDate(zone: string, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
