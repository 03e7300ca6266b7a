import { type SQL, sql } from 'drizzle-orm';
import type { NotificationEvent } from '../../../contract/api/notifications';
import type { Db } from '../../db/client';
import { hierarchyNodes, notifications, taskAssignments, tasks, taskTypes, tenants } from '../../db/schema';
import { sqlRows } from '../../lib/jsonRows';
import { nodeZoneIn } from '../../lib/workspaceZone';
import { type Outlets, sendOn, type Told } from './deliver';
import { loadDelays } from './escalation';
import { takes } from './preferences';

/*
 * The notices the clock brings, made by the periodic `notifications.scan` job (every 15 minutes)
 * for every enabled tenant, each tenant in one transaction. `now` is the job's clock (a test moves
 * it); every statement judges time against it, not the database's. The notices' unique (tenant,
 * person, event, key) makes a second scan within the same day, or a retried one, tell nobody twice.
 */

/** A digest is made from its local hour until this many hours later (a scan missed at 08:00 still sends it at 09:15). */
const DIGEST_WINDOW_HOURS = 4;
/** Urgent work more than this long overdue is not escalated any more (an installation's first scan does not dig up the past). */
const ESCALATE_WITHIN_DAYS = 7;

const moduleOn = (tenantId: number, module: string) =>
  sql`EXISTS (SELECT 1 FROM tenant_modules m WHERE m.tenant_id = ${tenantId}
    AND m.module = ${module} AND m.allowed AND m.enabled)`;

/**
 * People (`p` positions, `u`) whose role may review submissions (the audit queue's update). Joined
 * on `p.tenant_id`, and the escalation's window partitioned by it, so that Citus can push the
 * INSERT … SELECT down to the tenant's shard (with constants alone it refuses the lateral join).
 */
const reviewerJoins = sql`
  JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id AND u.enabled
  JOIN role_permissions g ON g.tenant_id = p.tenant_id AND g.role_id = p.role_id
    AND g.module = 'audit' AND g.enabled AND 'update' = ANY(g.capabilities)`;

const returning = sql`ON CONFLICT (tenant_id, user_id, event, key) DO NOTHING RETURNING id, user_id, event`;

/**
 * The node `rn` is the store `n` or above it: one of the ids `n`'s path names ("/4/9/"), or the
 * tenant's root (`rootId`, read once per scan: a root written with the path "/" names none). A
 * primary-key lookup per store, where `n.path LIKE rn.path` would compare every store with every
 * reviewer's node (minutes at 5,000 stores). The root is a parameter, not a correlated subquery,
 * because Citus cannot push a correlated subquery down with the INSERT … SELECT.
 */
const atOrAboveStore = (rootId: number) =>
  sql`rn.id = ANY(string_to_array(trim(both '/' FROM n.path), '/')::int[] || ${rootId}::int)`;

async function rootOf(tx: Db, tenantId: number): Promise<number> {
  const [root] = await sqlRows<{ id: number }>(
    tx,
    sql`SELECT id FROM ${hierarchyNodes} WHERE tenant_id = ${tenantId} AND parent_id IS NULL`,
  );
  return root?.id ?? 0;
}

export async function scan(db: Db, outlets: Outlets, now = new Date()): Promise<Told[]> {
  const open = await db.select({ id: tenants.id }).from(tenants).where(sql`${tenants.enabled}`);
  const told: Told[] = [];
  for (const { id } of open) told.push(...(await scanTenant(db, outlets, id, now)));
  return told;
}

/** One tenant's escalations and digests due at `now`, made, mailed and queued for push together. */
export async function scanTenant(db: Db, outlets: Outlets, tenantId: number, now: Date): Promise<Told[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const delays = await loadDelays(db, tenantId);
  return db.transaction(async (tx) => {
    const rootId = await rootOf(tx, tenantId);
    const told = [
      ...(await escalate(tx, tenantId, rootId, at, 1, delays.first_hours)),
      ...(await escalate(tx, tenantId, rootId, at, 2, delays.second_hours)),
      ...(await reviewDigest(tx, tenantId, rootId, at)),
      ...(await dailyDigest(tx, tenantId, at)),
    ];
    await sendOn(tx, outlets, tenantId, told);
    return told;
  });
}

/**
 * Urgent work still to do `hours` after its due time goes to the people who review its store:
 * `step` 1 the nearest of them (the deepest node above or at the store with reviewers), `step` 2
 * the next ones up the tree. One notice per person and assignment, whichever step reached them.
 */
async function escalate(
  tx: Db,
  tenantId: number,
  rootId: number,
  at: SQL,
  step: 1 | 2,
  hours: number,
): Promise<Told[]> {
  const event: NotificationEvent = 'task.escalated';
  return sqlRows<Told>(
    tx,
    sql`INSERT INTO ${notifications} (tenant_id, user_id, event, key, task_id, assignment_id, data, in_app)
      SELECT DISTINCT ON (r.user_id, a.id) a.tenant_id, r.user_id, ${event}, 'assignment:' || a.id, a.task_id, a.id,
        jsonb_build_object('task_title', t.title, 'store_name', n.name,
          'hours_late', floor(extract(epoch FROM ${at} - a.due_at) / 3600)::int),
        ${takes(tenantId, sql`a.tenant_id`, sql`r.user_id`, event, 'app')}
      FROM ${taskAssignments} a
      JOIN ${tasks} t ON t.tenant_id = ${tenantId} AND t.id = a.task_id AND t.status = 'published'
      JOIN ${taskTypes} tt ON tt.tenant_id = ${tenantId} AND tt.id = t.type_id AND tt.kind = 'urgent'
      JOIN ${hierarchyNodes} n ON n.tenant_id = ${tenantId} AND n.id = a.workspace_node_id AND n.status = 'active'
      JOIN LATERAL (
        SELECT p.user_id, dense_rank() OVER (PARTITION BY p.tenant_id ORDER BY rn.level DESC) AS step
        FROM positions p
        JOIN ${hierarchyNodes} rn ON rn.tenant_id = p.tenant_id AND rn.id = p.node_id
        ${reviewerJoins}
        WHERE p.tenant_id = n.tenant_id AND ${atOrAboveStore(rootId)}
      ) r ON r.step = ${step}
      WHERE a.tenant_id = ${tenantId} AND a.status IN ('open', 'rejected')
        AND (a.expires_at IS NULL OR a.expires_at > ${at})
        AND a.due_at <= ${at} - make_interval(hours => ${hours})
        AND a.due_at > ${at} - make_interval(hours => ${hours}, days => ${ESCALATE_WITHIN_DAYS})
        AND ${moduleOn(tenantId, 'mytasks')}
      ORDER BY r.user_id, a.id
      ${returning}`,
  );
}

/**
 * Each reviewer's morning digest: from 08:00 store time, how many submissions wait for a decision
 * at the stores in their part of the tree whose clocks have reached it (a reviewer over several
 * zones hears at the first of them; the day is that store's). Nothing waiting, no digest. Read
 * from the waiting submissions up to the people above their stores.
 */
async function reviewDigest(tx: Db, tenantId: number, rootId: number, at: SQL): Promise<Told[]> {
  const event: NotificationEvent = 'review.waiting';
  return sqlRows<Told>(
    tx,
    sql`INSERT INTO ${notifications} (tenant_id, user_id, event, key, data, in_app)
      SELECT DISTINCT ON (d.user_id) d.tenant_id, d.user_id, ${event}, 'day:' || d.day,
        jsonb_build_object('task_title', '', 'store_name', '', 'waiting', d.waiting),
        ${takes(tenantId, sql`d.tenant_id`, sql`d.user_id`, event, 'app')}
      FROM (
        SELECT p.tenant_id, p.user_id, z.local::date AS day, count(DISTINCT s.id)::int AS waiting
        FROM task_submissions s
        JOIN ${taskAssignments} a ON a.tenant_id = s.tenant_id AND a.id = s.assignment_id AND a.status = 'submitted'
        JOIN ${hierarchyNodes} n ON n.tenant_id = s.tenant_id AND n.id = a.workspace_node_id AND n.status = 'active'
        CROSS JOIN LATERAL (SELECT (${at} AT TIME ZONE ${nodeZoneIn(tenantId)}) AS local) z
        JOIN ${hierarchyNodes} rn ON rn.tenant_id = s.tenant_id AND ${atOrAboveStore(rootId)}
        JOIN positions p ON p.tenant_id = s.tenant_id AND p.node_id = rn.id
        ${reviewerJoins}
        WHERE s.tenant_id = ${tenantId} AND s.outcome = 'done' AND s.decision IS NULL
          AND z.local::time >= '08:00' AND z.local::time < make_time(${8 + DIGEST_WINDOW_HOURS}, 0, 0)
          AND ${moduleOn(tenantId, 'audit')}
        GROUP BY p.tenant_id, p.user_id, z.local::date
      ) d
      ORDER BY d.user_id, d.day DESC
      ${returning}`,
  );
}

/**
 * Each store manager's morning digest (people at the store whose role reviews its work): from
 * 07:00 store time, what is due there today and what was due yesterday and not done. A store with
 * neither sends none.
 */
async function dailyDigest(tx: Db, tenantId: number, at: SQL): Promise<Told[]> {
  const event: NotificationEvent = 'digest.daily';
  return sqlRows<Told>(
    tx,
    sql`INSERT INTO ${notifications} (tenant_id, user_id, event, key, data, in_app)
      SELECT p.tenant_id, p.user_id, ${event}, 'day:' || d.day || ':' || d.node_id,
        jsonb_build_object('task_title', '', 'store_name', d.name, 'due_today', d.due_today, 'missed', d.missed),
        ${takes(tenantId, sql`p.tenant_id`, sql`p.user_id`, event, 'app')}
      FROM (
        SELECT n.id AS node_id, n.name, l.day,
          count(*) FILTER (WHERE a.due_date = l.day AND a.status <> 'cancelled')::int AS due_today,
          count(*) FILTER (WHERE a.due_date = l.day - 1
            AND a.status IN ('open', 'rejected', 'expired'))::int AS missed
        FROM ${hierarchyNodes} n
        CROSS JOIN LATERAL (SELECT (${at} AT TIME ZONE ${nodeZoneIn(tenantId)}) AS local) z
        CROSS JOIN LATERAL (SELECT z.local::date AS day) l
        JOIN ${taskAssignments} a ON a.tenant_id = ${tenantId} AND a.workspace_node_id = n.id
          AND a.due_date BETWEEN l.day - 1 AND l.day
        JOIN ${tasks} t ON t.tenant_id = ${tenantId} AND t.id = a.task_id AND t.status = 'published'
        WHERE n.tenant_id = ${tenantId} AND n.type = 'workspace' AND n.status = 'active'
          AND z.local::time >= '07:00' AND z.local::time < make_time(${7 + DIGEST_WINDOW_HOURS}, 0, 0)
          AND ${moduleOn(tenantId, 'mytasks')}
        GROUP BY n.id, n.name, l.day
      ) d
      JOIN positions p ON p.tenant_id = ${tenantId} AND p.node_id = d.node_id
      ${reviewerJoins}
      WHERE d.due_today > 0 OR d.missed > 0
      ${returning}`,
  );
}
