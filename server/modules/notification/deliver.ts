import { sql } from 'drizzle-orm';
import type { NotificationEvent } from '../../../contract/api/notifications';
import type { Db } from '../../db/client';
import {
  hierarchyNodes,
  notifications,
  taskAssignments,
  taskSubmissions,
  tasks,
  taskTypes,
} from '../../db/schema';
import type { JobPayloads } from '../../lib/jobs';
import { sqlRows } from '../../lib/jsonRows';
import { atOrAbove } from '../../lib/scopeNodes';
import { nodeZoneIn } from '../../lib/workspaceZone';
import type { Jobs } from '../../plugins/jobs';
import { type MailChannel, mailTold } from './email';
import { takes } from './preferences';
import { queuePushes } from './push';

/** A notice made by this run (a repeated run makes none of those made before). */
export interface Told {
  id: number;
  user_id: number;
  event: NotificationEvent;
}

/** Where notices go besides the app: the mail job, and the push job's queue. */
export interface Outlets {
  mail?: MailChannel;
  jobs?: Jobs;
}

/**
 * The `notifications.send` job: makes each person's notice in one set-based statement. The
 * unique (tenant, user, event, key) makes a second run, or a second job for the same start, add
 * nothing; only what this run made is answered, mailed to those who take the event by e-mail and
 * queued for push to those who take it by push, in the same transaction.
 */
export async function deliver(
  db: Db,
  job: JobPayloads['notifications.send'],
  outlets: Outlets = {},
): Promise<Told[]> {
  return db.transaction(async (tx) => {
    const told =
      job.kind === 'task.start'
        ? await taskStarted(tx, job.tenantId, job.taskId, job.startAt)
        : job.kind === 'inspection.completed'
          ? await inspectionCompleted(tx, job.tenantId, job.inspectionId)
          : job.kind === 'task.sent_back'
            ? await sentBack(tx, job)
            : await actionTold(tx, job);
    await sendOn(tx, outlets, job.tenantId, told);
    return told;
  });
}

/** Mails and queues the pushes of notices just made, per event, in the caller's transaction. */
export async function sendOn(tx: Db, outlets: Outlets, tenantId: number, told: readonly Told[]) {
  for (const event of new Set(told.map((t) => t.event))) {
    const ofEvent = told.filter((t) => t.event === event);
    if (outlets.mail) await mailTold(tx, outlets.mail, tenantId, event, ofEvent);
    if (outlets.jobs) await queuePushes(tx, outlets.jobs, tenantId, event, ofEvent);
  }
}

/*
 * Every table of these statements names the tenant itself (not only through a join): on Citus a
 * statement whose every table is pinned to one tenant runs on that tenant's shard alone.
 */

/**
 * A task's assignments starting at `startAt` have started: everyone at each store who may work on
 * it is told — of an urgent task those who may complete it (`task.urgent`), of any other task or
 * communication those who may read My Tasks (`task.new`). Enabled people only, of a tenant whose
 * My Tasks module is on; an assignment no longer open (done early, cancelled) tells nobody.
 */
async function taskStarted(tx: Db, tenantId: number, taskId: number, startAt: string): Promise<Told[]> {
  const [task] = await sqlRows<{ kind: string }>(
    tx,
    sql`SELECT tt.kind FROM ${tasks} t
      JOIN ${taskTypes} tt ON tt.tenant_id = ${tenantId} AND tt.id = t.type_id
      WHERE t.tenant_id = ${tenantId} AND t.id = ${taskId} AND t.status = 'published'`,
  );
  if (!task) return [];
  const urgent = task.kind === 'urgent';
  const event: NotificationEvent = urgent ? 'task.urgent' : 'task.new';
  const capability = urgent ? 'complete' : 'read';
  return sqlRows<Told>(
    tx,
    sql`INSERT INTO ${notifications} (tenant_id, user_id, event, key, task_id, assignment_id, data, in_app)
      SELECT DISTINCT ON (p.user_id, a.id) a.tenant_id, p.user_id, ${event}, 'assignment:' || a.id,
        a.task_id, a.id, jsonb_build_object('task_title', t.title, 'store_name', n.name),
        ${takes(tenantId, sql`p.tenant_id`, sql`p.user_id`, event, 'app')}
      FROM ${taskAssignments} a
      JOIN ${tasks} t ON t.tenant_id = ${tenantId} AND t.id = a.task_id
      JOIN ${hierarchyNodes} n ON n.tenant_id = ${tenantId} AND n.id = a.workspace_node_id AND n.status = 'active'
      JOIN positions p ON p.tenant_id = ${tenantId} AND p.node_id = a.workspace_node_id
      JOIN users u ON u.tenant_id = ${tenantId} AND u.id = p.user_id AND u.enabled
      JOIN role_permissions g ON g.tenant_id = ${tenantId} AND g.role_id = p.role_id
        AND g.module = 'mytasks' AND g.enabled AND ${capability} = ANY(g.capabilities)
      WHERE a.tenant_id = ${tenantId} AND a.task_id = ${taskId}
        AND a.start_at = ${startAt}::timestamptz AND a.status = 'open'
        AND EXISTS (SELECT 1 FROM tenant_modules m WHERE m.tenant_id = ${tenantId}
          AND m.module = 'mytasks' AND m.allowed AND m.enabled)
      ORDER BY p.user_id, a.id
      ON CONFLICT (tenant_id, user_id, event, key) DO NOTHING
      RETURNING id, user_id, event`,
  );
}

/** A submission was sent back: the person who sent it is told, with the reviewer's reason. */
async function sentBack(tx: Db, job: { tenantId: number; submissionId: number }): Promise<Told[]> {
  const event: NotificationEvent = 'task.sent_back';
  return sqlRows<Told>(
    tx,
    sql`INSERT INTO ${notifications} (tenant_id, user_id, event, key, task_id, assignment_id, data, in_app)
      SELECT s.tenant_id, s.submitted_by, ${event}, 'submission:' || s.id, a.task_id, a.id,
        jsonb_build_object('task_title', t.title, 'store_name', n.name, 'reason', s.review_reason),
        ${takes(job.tenantId, sql`s.tenant_id`, sql`s.submitted_by`, event, 'app')}
      FROM ${taskSubmissions} s
      JOIN ${taskAssignments} a ON a.tenant_id = ${job.tenantId} AND a.id = s.assignment_id
      JOIN ${tasks} t ON t.tenant_id = ${job.tenantId} AND t.id = a.task_id
      JOIN ${hierarchyNodes} n ON n.tenant_id = ${job.tenantId} AND n.id = a.workspace_node_id
      JOIN users u ON u.tenant_id = ${job.tenantId} AND u.id = s.submitted_by AND u.enabled
      WHERE s.tenant_id = ${job.tenantId} AND s.id = ${job.submissionId} AND s.decision = 'rejected'
      ON CONFLICT (tenant_id, user_id, event, key) DO NOTHING
      RETURNING id, user_id, event`,
  );
}

/**
 * An inspection was finished: the enabled people positioned at its store whose role reads
 * inspections are told, with the template's name where a task's title goes and the score.
 */
async function inspectionCompleted(tx: Db, tenantId: number, inspectionId: number): Promise<Told[]> {
  const event: NotificationEvent = 'inspection.completed';
  return sqlRows<Told>(
    tx,
    sql`INSERT INTO ${notifications} (tenant_id, user_id, event, key, data, in_app)
      SELECT DISTINCT ON (p.user_id) i.tenant_id, p.user_id, ${event}, 'inspection:' || i.id,
        jsonb_build_object('task_title', ft.name, 'store_name', n.name, 'percentage', i.percentage,
          'inspection_id', i.id),
        ${takes(tenantId, sql`p.tenant_id`, sql`p.user_id`, event, 'app')}
      FROM inspections i
      JOIN form_templates ft ON ft.tenant_id = ${tenantId} AND ft.id = i.template_id
      JOIN ${hierarchyNodes} n ON n.tenant_id = ${tenantId} AND n.id = i.store_node_id
      JOIN positions p ON p.tenant_id = ${tenantId} AND p.node_id = i.store_node_id
      JOIN users u ON u.tenant_id = ${tenantId} AND u.id = p.user_id AND u.enabled
      JOIN role_permissions g ON g.tenant_id = ${tenantId} AND g.role_id = p.role_id
        AND g.module = 'inspection' AND g.enabled AND 'read' = ANY(g.capabilities)
      WHERE i.tenant_id = ${tenantId} AND i.id = ${inspectionId} AND i.status = 'completed'
        AND EXISTS (SELECT 1 FROM tenant_modules m WHERE m.tenant_id = ${tenantId}
          AND m.module = 'inspection' AND m.allowed AND m.enabled)
      ORDER BY p.user_id
      ON CONFLICT (tenant_id, user_id, event, key) DO NOTHING
      RETURNING id, user_id, event`,
  );
}

/** Who an action's notice goes to, per event (`x` the action, `n` its store). */
const actionAudience = (job: { tenantId: number; kind: string }) => {
  const t = job.tenantId;
  switch (job.kind) {
    // Its assignee, or the enabled people at its store whose role reads actions.
    case 'action.assigned':
      return sql`SELECT x.assignee_id AS user_id WHERE x.assignee_id IS NOT NULL
        UNION SELECT p.user_id FROM positions p
          JOIN role_permissions g ON g.tenant_id = p.tenant_id AND g.role_id = p.role_id
            AND g.module = 'action' AND g.enabled AND 'read' = ANY(g.capabilities)
          WHERE p.tenant_id = ${t} AND p.node_id = x.store_node_id AND x.assignee_id IS NULL`;
    // Whoever raised it.
    case 'action.resolved':
      return sql`SELECT x.created_by AS user_id`;
    // The nearest level above its store with people who may update actions there.
    default:
      return sql`SELECT r.user_id FROM (
          SELECT p.user_id, dense_rank() OVER (ORDER BY rn.level DESC) AS step
          FROM positions p
          JOIN hierarchy_nodes rn ON rn.tenant_id = p.tenant_id AND rn.id = p.node_id
          JOIN role_permissions g ON g.tenant_id = p.tenant_id AND g.role_id = p.role_id
            AND g.module = 'action' AND g.enabled AND 'update' = ANY(g.capabilities)
          WHERE p.tenant_id = ${t} AND rn.id <> n.id
            AND ${atOrAbove('rn', sql`n.path`)}
        ) r WHERE r.step = 1`;
  }
};

/**
 * An action's notice (issue 49): raised, reassigned or reopened (`action.assigned`), marked done
 * or cannot fix (`action.resolved`), overdue past the tenant's delay (`action.escalated`). Enabled
 * people of a tenant whose actions module is on, never the person who did it; `step` keys each
 * telling, so a retried job tells nobody twice.
 */
async function actionTold(
  tx: Db,
  job: { tenantId: number; kind: NotificationEvent; actionId: number; actorId: number; step: string },
): Promise<Told[]> {
  const event = job.kind;
  const t = job.tenantId;
  return sqlRows<Told>(
    tx,
    sql`INSERT INTO ${notifications} (tenant_id, user_id, event, key, data, in_app)
      SELECT DISTINCT ON (who.user_id) x.tenant_id, who.user_id, ${event}, 'action:' || x.id || ':' || ${job.step},
        jsonb_build_object('task_title', x.title, 'store_name', n.name, 'action_id', x.id,
          'hours_late', floor(extract(epoch FROM now() - ((x.due_date + 1)::timestamp AT TIME ZONE ${nodeZoneIn(t)})) / 3600)::int),
        ${takes(t, sql`x.tenant_id`, sql`who.user_id`, event, 'app')}
      FROM actions x
      JOIN ${hierarchyNodes} n ON n.tenant_id = ${t} AND n.id = x.store_node_id
      CROSS JOIN LATERAL (${actionAudience(job)}) who
      JOIN users u ON u.tenant_id = ${t} AND u.id = who.user_id AND u.enabled
      WHERE x.tenant_id = ${t} AND x.id = ${job.actionId} AND who.user_id <> ${job.actorId}
        AND EXISTS (SELECT 1 FROM tenant_modules m WHERE m.tenant_id = ${t}
          AND m.module = 'action' AND m.allowed AND m.enabled)
      ORDER BY who.user_id
      ON CONFLICT (tenant_id, user_id, event, key) DO NOTHING
      RETURNING id, user_id, event`,
  );
}
