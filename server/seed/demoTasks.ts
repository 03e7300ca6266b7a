import { and, eq, sql } from 'drizzle-orm';
import type { TaskCreateBody } from '../../contract/api/tasks';
import { capabilitiesOf } from '../../contract/modules';
import type { Db } from '../db/client';
import {
  departments,
  hierarchyNodes,
  positions,
  taskAssignments,
  taskSubmissions,
  tasks,
  taskTypes,
  tenants,
  users,
} from '../db/schema';
import type { Caller } from '../lib/caller';
import { positionNode } from '../lib/positionJoins';
import { localDate } from '../modules/taskmanagement/day';
import { materialiseTask } from '../modules/taskmanagement/engine';
import { archive, publish } from '../modules/taskmanagement/lifecycle';
import { addDays, weekdayOf } from '../modules/taskmanagement/recurrence';
import { create } from '../modules/taskmanagement/service';

/*
 * Demo tasks for Acme Retail (issue 10): a dozen published tasks so My Tasks has work today and
 * this week, eight weeks of history for the dashboard's trend and the audit and report screens,
 * one draft and one archived task. Written through the task services, so the demo obeys the same rules as the API.
 */

const ZONE = 'Australia/Sydney';
/** Eight weeks back from any weekday: the dashboard's "Last 8 weeks" has work in every week (issue 44). */
const HISTORY_DAYS = 56;

async function callerFor(db: Db, tenantId: number, username: string): Promise<Caller> {
  const [row] = await db
    .select({
      userId: users.id,
      positionId: positions.id,
      roleId: positions.roleId,
      nodeId: hierarchyNodes.id,
      nodeType: hierarchyNodes.type,
      path: hierarchyNodes.path,
    })
    .from(users)
    .innerJoin(positions, and(eq(positions.tenantId, users.tenantId), eq(positions.userId, users.id)))
    .innerJoin(hierarchyNodes, positionNode)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
  if (!row) throw new Error(`demo tasks need ${username}`);
  return {
    tenantId,
    isAdminTenant: false,
    userId: row.userId,
    positionId: row.positionId,
    roleId: row.roleId,
    nodeType: row.nodeType,
    scope: { nodeId: row.nodeId, path: row.path },
    permissions: [
      { id: 'taskmanagement', status: 'active', capabilities: [...capabilitiesOf('taskmanagement')] },
    ],
  };
}

async function idsByName(db: Db, tenantId: number) {
  // One after the other: the demo data is made in one transaction, one connection, where
  // node-postgres queues a query sent while another runs (deprecated) and pg@9 refuses it.
  const nodes = await db
    .select({ id: hierarchyNodes.id, name: hierarchyNodes.name })
    .from(hierarchyNodes)
    .where(eq(hierarchyNodes.tenantId, tenantId));
  const types = await db
    .select({ id: taskTypes.id, name: taskTypes.name })
    .from(taskTypes)
    .where(eq(taskTypes.tenantId, tenantId));
  const depts = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  const lookup = (rows: { id: number; name: string }[], what: string) => (name: string) => {
    const found = rows.find((r) => r.name === name);
    if (!found) throw new Error(`demo tasks need the ${what} ${name}`);
    return found.id;
  };
  return {
    node: lookup(nodes, 'node'),
    type: lookup(types, 'task type'),
    department: lookup(depts, 'department'),
  };
}

interface DemoTask {
  by: 'owner' | 'area';
  body: TaskCreateBody;
  state: 'published' | 'draft' | 'archived';
}

function demoTasks(today: string, ids: Awaited<ReturnType<typeof idsByName>>): DemoTask[] {
  const day = (offset: number) => addDays(today, offset);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const all = [ids.node('Acme Retail')];
  const base = { evidence: { comment: false, photos: 0, files: 0 }, approval: false, compliance: false };
  const task = (
    by: DemoTask['by'],
    body: Omit<TaskCreateBody, 'evidence' | 'approval' | 'compliance'> & Partial<TaskCreateBody>,
    state: DemoTask['state'] = 'published',
  ): DemoTask => ({
    by,
    state,
    body: { ...base, ...body },
  });
  return [
    task('owner', {
      title: 'Recall: Smooth peanut butter 375 g, batch 2291',
      description:
        '<p>The supplier has recalled <strong>batch 2291</strong> (best before 14/08). Remove every jar from the shelf and the back room, put them in the recall cage and photograph the empty shelf.</p>',
      type_id: ids.type('Urgent'),
      department_id: ids.department('Deli'),
      estimated_minutes: 20,
      start_date: day(0),
      start_time: '08:00',
      due_date: day(0),
      due_time: '12:00',
      targets: { include: [ids.node('Sydney Metro')] },
      evidence: { comment: true, photos: 1, files: 0 },
      approval: true,
    }),
    task('owner', {
      title: 'Weekly price change: update shelf tickets',
      description:
        '<p>Print the price change pack from the back office and replace every ticket on the list. Check the promotional end-caps last.</p>',
      type_id: ids.type('Task'),
      department_id: ids.department('Front End'),
      estimated_minutes: 45,
      start_date: addDays(monday, -HISTORY_DAYS),
      start_time: '07:00',
      due_date: addDays(monday, -HISTORY_DAYS),
      due_time: '11:00',
      recurrence: { freq: 'weekly', weekdays: [1] },
      targets: { include: all },
      evidence: { comment: false, photos: 1, files: 0 },
      checklist: [
        'Print the price change pack',
        'Replace shelf tickets',
        'Check the end-caps',
        'Bin the old tickets',
      ],
    }),
    task('owner', {
      title: 'Opening checklist',
      description:
        '<p>Complete before the doors open. Anything you cannot tick: tell your manager and add a comment.</p>',
      type_id: ids.type('Task'),
      estimated_minutes: 15,
      start_date: day(-HISTORY_DAYS),
      start_time: '06:30',
      due_date: day(-HISTORY_DAYS),
      due_time: '08:00',
      expiry: 'end_of_day',
      recurrence: { freq: 'daily' },
      targets: { include: all },
      checklist: [
        'Lights and music on',
        'Registers counted',
        'Fire exits clear',
        'Fridge temperatures logged',
        'Floors dry and clear',
      ],
      compliance: true,
    }),
    task('owner', {
      title: 'Spring range arrives this week',
      description:
        '<p>The spring range lands on Thursday. Read the range guide with your team so everyone can answer customer questions.</p>',
      type_id: ids.type('Communication'),
      estimated_minutes: 5,
      start_date: day(0),
      start_time: '09:00',
      due_date: day(3),
      due_time: '17:00',
      targets: { include: all },
    }),
    task('owner', {
      title: 'Fridge temperature check',
      description:
        '<p>Record the temperature of every deli fridge. Anything above 5 °C: move the stock and call maintenance.</p>',
      type_id: ids.type('Task'),
      department_id: ids.department('Deli'),
      estimated_minutes: 10,
      start_date: day(-HISTORY_DAYS),
      start_time: '10:00',
      due_date: day(-HISTORY_DAYS),
      due_time: '12:00',
      recurrence: { freq: 'weekly', weekdays: [2, 5] },
      targets: { include: all, exclude: [ids.node('Broken Hill')] },
      evidence: { comment: true, photos: 1, files: 0 },
      compliance: true,
      approval: true,
    }),
    task('owner', {
      title: 'Hot cross bun display',
      description:
        '<p>Build the bakery display from the planogram. Two photos: the full table and the price card.</p>',
      type_id: ids.type('Task'),
      department_id: ids.department('Bakery'),
      estimated_minutes: 30,
      start_date: day(1),
      start_time: '07:00',
      due_date: day(2),
      due_time: '10:00',
      targets: { include: [ids.node('Victoria')] },
      evidence: { comment: false, photos: 2, files: 0 },
      approval: true,
    }),
    task('owner', {
      title: 'Mango promotion end-cap',
      type_id: ids.type('Task'),
      department_id: ids.department('Produce'),
      estimated_minutes: 25,
      start_date: day(0),
      start_time: '08:00',
      due_date: day(1),
      due_time: '12:00',
      targets: { include: [ids.node('Regional Victoria'), ids.node('Regional NSW')] },
      evidence: { comment: false, photos: 1, files: 0 },
    }),
    task('owner', {
      title: 'Monthly fire extinguisher check',
      description:
        '<p>Check the tag, the pressure gauge and the pin of every extinguisher. Note any that need service.</p>',
      type_id: ids.type('Task'),
      estimated_minutes: 20,
      start_date: addDays(today, -40),
      start_time: '09:00',
      due_date: addDays(today, -40),
      due_time: '17:00',
      recurrence: { freq: 'monthly', month_day: -1 },
      targets: { include: all },
      evidence: { comment: true, photos: 0, files: 0 },
      compliance: true,
    }),
    task('owner', {
      title: 'Gift card fraud: what to look for',
      description:
        '<p>Scammers are asking staff to read out gift card numbers over the phone. Never do it; hang up and tell your manager.</p>',
      type_id: ids.type('Communication'),
      department_id: ids.department('Front End'),
      estimated_minutes: 5,
      start_date: day(-1),
      start_time: '09:00',
      due_date: day(1),
      due_time: '17:00',
      targets: { include: [ids.node('Melbourne Metro')] },
    }),
    task('owner', {
      title: 'Stocktake preparation',
      description: '<p>Count and tag the back room before the stocktake team arrives.</p>',
      type_id: ids.type('Task'),
      estimated_minutes: 90,
      start_date: day(-6),
      start_time: '08:00',
      due_date: day(-5),
      due_time: '17:00',
      targets: { include: [ids.node('New South Wales')] },
      evidence: { comment: true, photos: 0, files: 1 },
      approval: true,
    }),
    task('owner', {
      title: 'Spill kit check after the storm',
      type_id: ids.type('Urgent'),
      estimated_minutes: 10,
      start_date: day(-3),
      start_time: '07:00',
      due_date: day(-3),
      due_time: '10:00',
      targets: { include: [ids.node('Regional NSW')] },
      evidence: { comment: true, photos: 1, files: 0 },
    }),
    task('area', {
      title: 'Loading dock tidy-up',
      description:
        '<p>Pallets stacked, cardboard baled, the dock door clear. Photo of the dock when done.</p>',
      type_id: ids.type('Task'),
      estimated_minutes: 30,
      start_date: addDays(monday, -HISTORY_DAYS + 2),
      start_time: '13:00',
      due_date: addDays(monday, -HISTORY_DAYS + 2),
      due_time: '16:00',
      recurrence: { freq: 'weekly', weekdays: [3] },
      targets: { include: [ids.node('Sydney Metro')], exclude: [ids.node('Bondi Junction')] },
      evidence: { comment: false, photos: 1, files: 0 },
    }),
    task(
      'owner',
      {
        title: 'Christmas roster planning',
        description: '<p>Draft: send once the public holiday dates are confirmed.</p>',
        type_id: ids.type('Communication'),
        start_date: day(14),
        start_time: '09:00',
        due_date: day(21),
        due_time: '17:00',
        targets: { include: all },
      },
      'draft',
    ),
    task(
      'owner',
      {
        title: 'Winter coat promotion',
        type_id: ids.type('Task'),
        estimated_minutes: 20,
        start_date: day(-10),
        start_time: '09:00',
        due_date: day(-9),
        due_time: '17:00',
        targets: { include: [ids.node('Victoria')] },
      },
      'archived',
    ),
  ];
}

/**
 * Finished, submitted, refused, expired and overdue history for the assignments already due,
 * spread by id so every screen has something of each; a third of today's started work is done.
 */
async function recordHistory(db: Db, tenantId: number, now: Date, reviewerId: number) {
  const at = now.toISOString();
  await db.execute(sql`
    UPDATE ${taskAssignments} a SET
      status = CASE
        WHEN a.id % 10 < 6 THEN CASE WHEN t.approval THEN 'approved' ELSE 'done' END
        WHEN a.id % 10 = 6 THEN CASE WHEN t.approval THEN 'submitted' ELSE 'done' END
        WHEN a.id % 10 = 7 THEN 'cannot_do'
        WHEN a.id % 10 = 8 AND a.expires_at IS NOT NULL AND a.expires_at <= ${at}::timestamptz THEN 'expired'
        ELSE 'open' END,
      attempt = CASE WHEN a.id % 7 = 0 THEN 2 ELSE 1 END,
      updated_at = ${at}::timestamptz
    FROM ${tasks} t
    WHERE a.tenant_id = ${tenantId} AND t.tenant_id = a.tenant_id AND t.id = a.task_id
      AND a.status = 'open' AND a.due_at < ${at}::timestamptz`);
  // Every store's latest approved work still waits for review, so each manager's audit queue
  // (the area manager's three stores included) has something in it. Only work this run gave its
  // history: what an earlier run recorded has its decision written and stays decided.
  await db.execute(sql`
    UPDATE ${taskAssignments} a SET status = 'submitted'
    WHERE a.tenant_id = ${tenantId} AND a.id IN (
      SELECT DISTINCT ON (x.workspace_node_id) x.id FROM ${taskAssignments} x
      WHERE x.tenant_id = ${tenantId} AND x.status = 'approved'
        AND NOT EXISTS (SELECT 1 FROM ${taskSubmissions} s WHERE s.tenant_id = x.tenant_id AND s.assignment_id = x.id)
      ORDER BY x.workspace_node_id, x.due_at DESC, x.id)`);
  await db.execute(sql`
    UPDATE ${taskAssignments} a SET status = 'done', updated_at = ${at}::timestamptz
    FROM ${tasks} t
    WHERE a.tenant_id = ${tenantId} AND t.tenant_id = a.tenant_id AND t.id = a.task_id AND NOT t.approval
      AND a.status = 'open' AND a.start_at <= ${at}::timestamptz AND a.due_at >= ${at}::timestamptz AND a.id % 3 = 0`);
  // Who finished it: someone working at that store, shortly before it was due (or now).
  // Computed in a subquery: Citus sets a row from its own columns only through immutable functions.
  await db.execute(sql`
    UPDATE ${taskAssignments} a SET
      completed_by = x.completed_by, completed_at = x.completed_at, first_time_right = x.first_time_right
    FROM (
      SELECT c.id,
        (SELECT min(p.user_id) FROM ${positions} p WHERE p.tenant_id = ${tenantId} AND p.node_id = c.workspace_node_id) AS completed_by,
        least(c.due_at - interval '45 minutes', ${at}::timestamptz) AS completed_at,
        CASE WHEN c.status IN ('done', 'approved') THEN c.attempt = 1 ELSE NULL END AS first_time_right
      FROM ${taskAssignments} c
      WHERE c.tenant_id = ${tenantId} AND c.status IN ('done', 'approved', 'submitted', 'cannot_do')
    ) x
    WHERE a.tenant_id = ${tenantId} AND a.id = x.id`);
  // What the stores sent: a first try that was sent back before each second attempt of approved work…
  await db.execute(sql`
    INSERT INTO ${taskSubmissions} (tenant_id, assignment_id, attempt, outcome, comment, submitted_by,
      submitted_at, reviewed_by, reviewed_at, decision, review_reason)
    SELECT a.tenant_id, a.id, 1, 'done', 'Done, photo attached.', a.completed_by,
      a.completed_at - interval '1 day', ${reviewerId}, a.completed_at - interval '20 hours', 'rejected',
      'The photo does not show the whole display. Please take it again from the aisle.'
    FROM ${taskAssignments} a JOIN ${tasks} t ON t.tenant_id = a.tenant_id AND t.id = a.task_id
    WHERE a.tenant_id = ${tenantId} AND t.approval AND a.attempt = 2 AND a.completed_by IS NOT NULL
      AND a.status IN ('approved', 'submitted')
      AND NOT EXISTS (SELECT 1 FROM ${taskSubmissions} s WHERE s.tenant_id = a.tenant_id AND s.assignment_id = a.id)`);
  // …and the submission that finished (or waits on) every completed assignment.
  await db.execute(sql`
    INSERT INTO ${taskSubmissions} (tenant_id, assignment_id, attempt, outcome, comment, reason, submitted_by,
      submitted_at, reviewed_by, reviewed_at, decision)
    SELECT a.tenant_id, a.id, a.attempt,
      CASE WHEN a.status = 'cannot_do' THEN 'cannot_do' ELSE 'done' END,
      CASE WHEN a.status = 'cannot_do' THEN '' WHEN a.attempt = 2 THEN 'Retaken from the aisle as asked.' ELSE 'Done as asked.' END,
      CASE WHEN a.status = 'cannot_do' THEN 'The stock for this did not arrive.' END,
      a.completed_by, a.completed_at,
      CASE WHEN a.status = 'approved' THEN ${reviewerId}::int END,
      CASE WHEN a.status = 'approved' THEN a.completed_at + interval '2 hours' END,
      CASE WHEN a.status = 'approved' THEN 'approved' END
    FROM ${taskAssignments} a
    WHERE a.tenant_id = ${tenantId} AND a.completed_by IS NOT NULL
      AND a.status IN ('done', 'approved', 'submitted', 'cannot_do')
      AND NOT EXISTS (SELECT 1 FROM ${taskSubmissions} s
        WHERE s.tenant_id = a.tenant_id AND s.assignment_id = a.id AND s.attempt = a.attempt)`);
}

/**
 * Seeds Acme Retail's demo tasks (run after the organisation demo data). `now` fixes "today"
 * (Sydney time) for repeatable data. Returns how many tasks and assignments it made.
 */
export async function seedDemoTasks(db: Db, options: { now?: Date; tenant?: string } = {}) {
  const now = options.now ?? new Date();
  const [tenant] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.identifier, options.tenant ?? 'acme'));
  if (!tenant) throw new Error('demo tasks need the Acme tenant');
  const tenantId = tenant.id;
  const callers = {
    owner: await callerFor(db, tenantId, 'owner@acme.test'),
    area: await callerFor(db, tenantId, 'area@acme.test'),
  };
  const today = localDate(now, ZONE);
  const ids = await idsByName(db, tenantId);
  let count = 0;
  for (const demo of demoTasks(today, ids)) {
    const caller = callers[demo.by];
    const task = await create(db, caller, demo.body);
    count++;
    if (demo.state === 'draft') continue;
    await publish(db, undefined, caller, task.id, now);
    if (demo.body.recurrence) {
      // History and the coming fortnight, as the job would have made them day by day.
      await db.transaction((tx) =>
        materialiseTask(tx, tenantId, task.id, {
          from: addDays(today, -HISTORY_DAYS - 1),
          to: addDays(today, 14),
        }),
      );
    }
    if (demo.state === 'archived') {
      await recordHistory(db, tenantId, now, callers.owner.userId);
      await archive(db, undefined, caller, task.id);
    }
  }
  await recordHistory(db, tenantId, now, callers.owner.userId);
  const [assignments] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taskAssignments)
    .where(eq(taskAssignments.tenantId, tenantId));
  return { tasks: count, assignments: assignments?.n ?? 0 };
}
