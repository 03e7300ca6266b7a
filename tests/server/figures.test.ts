import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditSubmissionPage } from '../../contract/api/audit';
import type { MyTaskCompleteBody } from '../../contract/api/mytasks';
import { seedDemoTasks } from '../../server/seed/demoTasks';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { createTestApp, type TestApp } from './helpers/app';
import { figureAssertions, historyViolations, type Viewer } from './helpers/figures';
import { localDate } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

/*
 * Issue 25, "One truth for every number": the invariants between the screens, over a history
 * made through the services (a seeded pseudo-random one, and the demo data), read by the owner at
 * the root, the area manager of Sydney Metro and the store manager of Sydney CBD. The generated
 * history is laid out around today in Sydney, every window clearly in the past, in progress
 * (started yesterday, due tomorrow) or in the future, so what it holds does not depend on the time
 * of day (one urgent task starts at 23:59 today: not started but on today's urgent list, which
 * the invariants must survive at any hour). The demo is seeded at the real now, as start-up does.
 * The checks themselves are in helpers/figures.ts.
 */

const VIEWERS: Viewer[] = [
  { username: OWNER, timezone: SYDNEY },
  { username: AREA, timezone: SYDNEY },
  { username: STORE, timezone: SYDNEY, store: true },
];
const day = (offset: number) => localDate(SYDNEY, offset);
/**
 * Every due date of either history: back beyond the demo's eight weeks (its weekly tasks start on
 * the Monday eight weeks before this week's), and beyond the fortnight ahead that is planned.
 */
const RANGE = { from: day(-70), to: day(30) };
const SEED = 0x2025_0025;

/** mulberry32: a small seeded generator, so a failing history can be made again. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Lets the queued jobs run as the workers would: targets refreshed, expiries marked, reports rolled. */
async function runJobs(t: TestApp) {
  const [tenant] = await rows<{ id: number }>(
    t,
    sql`SELECT id::int AS id FROM tenants WHERE identifier = 'acme'`,
  );
  await t.app.jobs.send(t.database.db, 'tasks.materialise', { tenantId: tenant!.id, refreshTargets: true });
  await t.app.jobs.send(t.database.db, 'reports.rollup', { tenantId: tenant!.id });
  await t.app.jobs.enqueuePeriodic();
  await t.app.jobs.drain({ includeDelayed: true });
}

/** The invariants of the issue for each viewer, as `it`s (one per invariant and person). */
function invariants(
  app: () => TestApp,
  viewers: Viewer[],
  context: () => { compliance: Map<number, string>; typeId?: number },
) {
  for (const v of viewers) {
    it(`${v.username}: dashboard waiting = audit queue by task = by store = the waiting list`, async () => {
      await figureAssertions(app()).waiting(v);
    });
    // Spec §4 (issue 44): the urgent list is the person's own work, a store's; above store level
    // it is empty and the dashboard alone shows the tree's urgent work.
    if (v.store)
      it(`${v.username}: dashboard urgent open = the urgent list's open items`, async () => {
        await figureAssertions(app()).urgent(v);
      });
    else
      it(`${v.username}: the urgent list is empty above store level`, async () => {
        const readings = await figureAssertions(app()).checks.urgentReadings(v);
        expect(readings['urgent list items with status false']).toBe(0);
      });
    it(`${v.username}: report = compliance grid for the same range and scope`, async () => {
      const { compliance, typeId } = context();
      const r = await figureAssertions(app()).compliance(v, RANGE, compliance, typeId);
      // Something to compare: the grid has checks in the viewer's scope.
      expect(r.all['compliance grid totals']!.assigned).toBeGreaterThan(0);
    });
    it(`${v.username}: each task's progress = the sum of its stores'`, async () => {
      const r = await figureAssertions(app()).progress(v);
      expect(r.tasks).toBeGreaterThan(0);
    });
    it(`${v.username}: each task's progress counts done and overdue work as the report does`, async () => {
      await figureAssertions(app()).progressAgainstReport(v, RANGE);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// A generated history through the API

interface Assignment {
  id: number;
  store: string;
  date: string;
  status: string;
}

describe('figures over a generated history (through the API)', () => {
  let t: TestApp;
  let kit: ReturnType<typeof taskKit>;
  let checkTypeId: number;
  let compliance = new Map<number, string>();
  const random = mulberry32(SEED);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  /** What the generator did, for the record (printed when a figure fails). */
  const tally: Record<string, number> = {};
  const count = (what: string) => {
    tally[what] = (tally[what] ?? 0) + 1;
  };

  const ok = async (what: string, res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  };
  const complete = async (as: string, body: MyTaskCompleteBody) =>
    ok(`${as} completes ${body.assignment_id}`, await kit.complete(as, body));

  /** People working at each store (store managers and team members who can sign in). */
  let staffOf = new Map<string, string[]>();
  async function loadStaff() {
    const people = await rows<{ username: string; store: string }>(
      t,
      sql`SELECT u.username, n.name AS store FROM positions p
        JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id
        JOIN hierarchy_nodes n ON n.tenant_id = p.tenant_id AND n.id = p.node_id
        JOIN roles r ON r.tenant_id = p.tenant_id AND r.id = p.role_id
        JOIN tenants tn ON tn.id = p.tenant_id AND tn.identifier = 'acme'
        WHERE n.type = 'workspace' AND u.enabled AND NOT u.force_reset
          AND r.name IN ('Store Manager', 'Team Member')
        ORDER BY n.name, u.username`,
    );
    staffOf = new Map();
    for (const p of people) staffOf.set(p.store, [...(staffOf.get(p.store) ?? []), p.username]);
  }
  const someoneAt = (store: string) => {
    const staff = staffOf.get(store);
    if (!staff?.length) throw new Error(`nobody works at ${store}`);
    return pick(staff);
  };

  /** A task's assignments by store and date (ids as numbers: PostgreSQL answers bigints as text). */
  const assignmentsOf = async (taskId: number): Promise<Assignment[]> =>
    (await kit.assignmentsOf(taskId)).map((a) => ({ ...a, id: Number(a.id) }));

  /** Assignments the set pieces below look after: the random passes leave them alone. */
  const scripted = new Set<number>();

  /** Done, or can't do, or left alone: the store's side of one assignment. */
  async function storeActs(a: Assignment, odds: { leave: number; cannot: number }) {
    if (scripted.has(a.id)) return;
    const r = random();
    if (r < odds.leave) {
      count('left open');
      return;
    }
    const by = someoneAt(a.store);
    if (r < odds.leave + odds.cannot) {
      await complete(by, { assignment_id: a.id, outcome: 'cannot_do', reason: 'The stock did not arrive.' });
      count("can't do");
    } else {
      await complete(by, { assignment_id: a.id, comment: `Done at ${a.store}.` });
      count('completed');
    }
  }

  /** Stores whose reviews the area manager may make (Sydney Metro, with the store moved in). */
  const sydneyMetro = new Set(['Sydney CBD', 'Parramatta', 'Bondi Junction', 'Newcastle']);

  /** A pass of reviews over everything waiting: approve, send back with a reason, or leave waiting. */
  async function reviewPass(odds: { approve: number; reject: number }) {
    const waiting = await kit.call(OWNER, 'GET', '/api/audit/submission/list', {
      status: 'waiting',
      per_page: 200,
    });
    const list = (kit.data(waiting) as AuditSubmissionPage).data.sort((a, b) => a.id - b.id);
    for (const s of list) {
      if (scripted.has(s.assignment_id)) continue;
      const reviewers = [OWNER];
      if (sydneyMetro.has(s.workspace.name)) reviewers.push(AREA);
      const r = random();
      const reviewer = pick(reviewers);
      if (r < odds.approve) {
        await ok('approve', await kit.call(reviewer, 'POST', '/api/audit/approve', { ids: [s.id] }));
        count('approved');
      } else if (r < odds.approve + odds.reject) {
        await ok(
          'reject',
          await kit.call(reviewer, 'POST', '/api/audit/reject', { id: s.id, reason: 'Photo unclear, redo.' }),
        );
        count('rejected');
      } else count('left waiting');
    }
  }

  /** The stores' answer to what was sent back: do it again, say it cannot be done, or leave it. */
  async function resubmitPass(taskIds: number[], odds: { redo: number; cannot: number }) {
    for (const taskId of taskIds) {
      for (const a of await assignmentsOf(taskId)) {
        if (a.status !== 'rejected' || scripted.has(a.id)) continue;
        const r = random();
        const by = someoneAt(a.store);
        if (r < odds.redo) {
          await complete(by, { assignment_id: a.id, comment: 'Retaken from the aisle.' });
          count('resubmitted');
        } else if (r < odds.redo + odds.cannot) {
          await complete(by, {
            assignment_id: a.id,
            outcome: 'cannot_do',
            reason: 'The shelf is being rebuilt.',
          });
          count("can't do after a rejection");
        } else count('left rejected');
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    kit = taskKit(t);
    await loadStaff();
    const node = (name: string) => kit.nodeId(name);
    const STORES = [
      'Sydney CBD',
      'Parramatta',
      'Bondi Junction',
      'Newcastle',
      'Wollongong',
      'Melbourne Central',
      'Chadstone',
      'Geelong',
    ];
    const stores = await Promise.all(STORES.map(node));
    const [sydneyMetroId, regionalNsw, melbourneMetro, melbourneCentral, wollongong, geelong, sydneyCbd] =
      await Promise.all(
        [
          'Sydney Metro',
          'Regional NSW',
          'Melbourne Metro',
          'Melbourne Central',
          'Wollongong',
          'Geelong',
          'Sydney CBD',
        ].map(node),
      );
    const typed = await kit.call(OWNER, 'POST', '/api/task/types/create', {
      name: 'Safety check',
      colour: '#2e7d32',
    });
    await ok('task type', typed);
    checkTypeId = kit.data(typed).id as number;
    const taskType = await kit.typeId('Task');
    const urgentType = await kit.typeId('Urgent');
    const none = { comment: false, photos: 0, files: 0 };
    const oneOff = (
      title: string,
      type: number,
      start: [number, string],
      due: [number, string],
      targets: number[],
      extra: Record<string, unknown> = {},
    ) => ({
      title,
      type_id: type,
      start_date: day(start[0]),
      start_time: start[1],
      due_date: day(due[0]),
      due_time: due[1],
      targets: { include: targets },
      evidence: none,
      ...extra,
    });

    const ids = {
      // Past, for approval, at the eight stores.
      fridge: await kit.published(
        OWNER,
        oneOff('Fridge temperature log', checkTypeId, [-6, '08:00'], [-5, '17:00'], stores, {
          compliance: true,
          approval: true,
        }),
      ),
      // Past its expiry (18:00 two days ago): every store's check has expired.
      exits: await kit.published(
        OWNER,
        oneOff(
          'Fire exits clear',
          checkTypeId,
          [-3, '07:00'],
          [-2, '12:00'],
          [regionalNsw, melbourneCentral],
          {
            compliance: true,
            expiry: '18:00',
          },
        ),
      ),
      // Not a compliance task: in the reports, never in the grid.
      shelf: await kit.published(
        OWNER,
        oneOff('Shelf gap audit', taskType, [-10, '08:00'], [-8, '17:00'], [sydneyMetroId, melbourneMetro], {
          approval: true,
        }),
      ),
      // Urgent and in progress: started yesterday, due tomorrow.
      recall: await kit.published(
        OWNER,
        oneOff(
          'Recall: batch 2291',
          urgentType,
          [-1, '09:00'],
          [1, '17:00'],
          [sydneyMetroId, melbourneMetro],
          {
            approval: true,
          },
        ),
      ),
      // Urgent, a compliance check, overdue where nobody did it.
      spill: await kit.published(
        OWNER,
        oneOff(
          'Spill kit after the storm',
          urgentType,
          [-4, '07:00'],
          [-3, '10:00'],
          [regionalNsw, geelong],
          {
            compliance: true,
          },
        ),
      ),
      // Urgent, more than 30 days ago; still open at some stores.
      oldRecall: await kit.published(
        OWNER,
        oneOff(
          'Old recall: cooked chicken',
          urgentType,
          [-41, '08:00'],
          [-40, '17:00'],
          [sydneyMetroId, wollongong],
        ),
      ),
      // More than 30 days ago, for approval: late submissions still wait for review.
      pest: await kit.published(
        OWNER,
        oneOff('Quarterly pest control log', checkTypeId, [-42, '08:00'], [-40, '17:00'], stores, {
          compliance: true,
          approval: true,
        }),
      ),
      // The area manager's weekly task: occurrences in two and nine days.
      dock: await kit.published(AREA, {
        ...oneOff('Loading dock tidy-up', taskType, [-12, '13:00'], [-12, '16:00'], [sydneyMetroId]),
        recurrence: { freq: 'weekly', weekdays: [new Date(`${day(-12)}T12:00:00Z`).getUTCDay()] },
      }),
      // Next week.
      display: await kit.published(
        OWNER,
        oneOff('Window display for the sale', checkTypeId, [6, '09:00'], [7, '17:00'], stores, {
          compliance: true,
        }),
      ),
      // In progress, then archived: what was still open is withdrawn.
      winter: await kit.published(
        OWNER,
        oneOff('Winter range count', checkTypeId, [-2, '08:00'], [3, '17:00'], [melbourneMetro, sydneyCbd], {
          compliance: true,
          approval: true,
        }),
      ),
    };
    // Urgent work of the days around today that nobody touches: one starting at the last minute of
    // today (not started at almost any hour of the day, though today's urgent list shows it) and
    // one starting tomorrow (in neither).
    const lateToday = await kit.published(
      OWNER,
      oneOff(
        'Freezer fault: move the ice cream',
        urgentType,
        [0, '23:59'],
        [1, '17:00'],
        [sydneyCbd, melbourneCentral],
      ),
    );
    const tomorrow = await kit.published(
      OWNER,
      oneOff('Ice machine recall', urgentType, [1, '09:00'], [2, '17:00'], [sydneyMetroId]),
    );

    // Set pieces: the cases each invariant turns on, whatever the random passes do.
    const at = async (taskId: number, store: string) => {
      const found = (await assignmentsOf(taskId)).find((a) => a.store === store);
      if (!found) throw new Error(`no assignment of task ${taskId} at ${store}`);
      scripted.add(found.id);
      return found;
    };
    const waitingSubmission = async (a: Assignment) => {
      const list = await kit.call(OWNER, 'GET', '/api/audit/submission/list', {
        status: 'waiting',
        per_page: 200,
      });
      const found = (kit.data(list) as AuditSubmissionPage).data.find((s) => s.assignment_id === a.id);
      if (!found) throw new Error(`nothing waits for assignment ${a.id}`);
      return found.id;
    };
    const reject = async (reviewer: string, a: Assignment) =>
      ok(
        'reject',
        await kit.call(reviewer, 'POST', '/api/audit/reject', {
          id: await waitingSubmission(a),
          reason: 'The photo does not show the shelf.',
        }),
      );
    // The pest control log of six weeks ago, sent late by Sydney CBD: it waits for review.
    const latePest = await at(ids.pest, 'Sydney CBD');
    await complete(STAFF, { assignment_id: latePest.id, comment: 'Found the log in the back office.' });
    // The recall of six weeks ago, never done at Sydney CBD: still open, long overdue.
    await at(ids.oldRecall, 'Sydney CBD');
    // Today's recall: waiting for review at Sydney CBD, sent back at Parramatta, untouched at Bondi Junction.
    const recallCbd = await at(ids.recall, 'Sydney CBD');
    await complete(STAFF, { assignment_id: recallCbd.id, comment: 'Jars in the recall cage.' });
    const recallParramatta = await at(ids.recall, 'Parramatta');
    await complete(someoneAt('Parramatta'), { assignment_id: recallParramatta.id, comment: 'Done.' });
    await reject(AREA, recallParramatta);
    await at(ids.recall, 'Bondi Junction');
    // The shelf audit at Sydney CBD, sent back twice (by the store manager, then the area manager)
    // and approved at the third attempt.
    const shelfCbd = await at(ids.shelf, 'Sydney CBD');
    await complete(STAFF, { assignment_id: shelfCbd.id, comment: 'Gaps filled.' });
    await reject(STORE, shelfCbd);
    await complete(STAFF, { assignment_id: shelfCbd.id, comment: 'Gaps filled, photo retaken.' });
    await reject(AREA, shelfCbd);
    await complete(STAFF, { assignment_id: shelfCbd.id, comment: 'Third time.' });
    await ok(
      'approve',
      await kit.call(OWNER, 'POST', '/api/audit/approve', { ids: [await waitingSubmission(shelfCbd)] }),
    );
    // The winter range count, archived below: still open at Chadstone (withdrawn by the archive),
    // waiting for review at Melbourne Central.
    await at(ids.winter, 'Chadstone');
    const winterWaiting = await at(ids.winter, 'Melbourne Central');
    await complete(someoneAt('Melbourne Central'), { assignment_id: winterWaiting.id, comment: 'Counted.' });
    for (const taskId of [lateToday, tomorrow])
      for (const a of await assignmentsOf(taskId)) scripted.add(a.id);

    // The stores' first answers.
    const odds: Record<keyof typeof ids, { leave: number; cannot: number }> = {
      fridge: { leave: 0.2, cannot: 0.1 },
      exits: { leave: 1, cannot: 0 },
      shelf: { leave: 0.2, cannot: 0.1 },
      recall: { leave: 0.35, cannot: 0.1 },
      spill: { leave: 0.5, cannot: 0.1 },
      oldRecall: { leave: 0.6, cannot: 0 },
      pest: { leave: 0.3, cannot: 0.15 },
      dock: { leave: 0.75, cannot: 0 },
      display: { leave: 0.8, cannot: 0.05 },
      winter: { leave: 0.4, cannot: 0.1 },
    };
    for (const [name, taskId] of Object.entries(ids) as [keyof typeof ids, number][]) {
      for (const a of await assignmentsOf(taskId)) await storeActs(a, odds[name]);
    }

    // Newcastle moves from Regional NSW into Sydney Metro, history and all.
    const moved = await kit.call(OWNER, 'PUT', '/api/hierarchy/node/update', {
      id: await node('Newcastle'),
      parent_id: sydneyMetroId,
    });
    await ok('move Newcastle', moved);

    // Reviews, resubmissions, reviews again, and a last round of resubmissions left waiting.
    const reviewed = [ids.fridge, ids.shelf, ids.recall, ids.pest, ids.winter];
    await reviewPass({ approve: 0.4, reject: 0.45 });
    await resubmitPass(reviewed, { redo: 0.65, cannot: 0.1 });
    await reviewPass({ approve: 0.35, reject: 0.45 });
    await resubmitPass(reviewed, { redo: 0.3, cannot: 0.1 });

    await ok('archive', await kit.call(OWNER, 'POST', '/api/admin/task/archive', { id: ids.winter }));
    compliance = await figureAssertions(t).checks.complianceTasks(OWNER);
  }, 240_000);
  afterAll(() => t.close());

  it('made a history with every kind of outcome', async () => {
    const statuses = await rows<{ status: string; n: number }>(
      t,
      sql`SELECT a.status, count(*)::int AS n FROM task_assignments a GROUP BY a.status ORDER BY a.status`,
    );
    const present = statuses.map((s) => s.status);
    expect(present, `generator: ${JSON.stringify(tally)}`).toEqual(
      expect.arrayContaining(['open', 'submitted', 'approved', 'rejected', 'done', 'cannot_do', 'cancelled']),
    );
    expect(compliance.size).toBe(6);
  });

  it('keeps every assignment consistent with its submissions', async () => {
    expect(await historyViolations(t)).toEqual([]);
  });

  describe('as the requests leave it (no job has run since)', () => {
    invariants(
      () => t,
      VIEWERS,
      () => ({ compliance, typeId: checkTypeId }),
    );
  });

  describe('after the jobs ran (targets refreshed after the move, expiries marked, reports rolled up)', () => {
    beforeAll(() => runJobs(t), 120_000);
    it('marked the passed expiries', async () => {
      const statuses = await rows<{ status: string }>(t, sql`SELECT DISTINCT status FROM task_assignments`);
      expect(statuses.map((s) => s.status)).toContain('expired');
    });
    invariants(
      () => t,
      VIEWERS,
      () => ({ compliance, typeId: checkTypeId }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The demo data

describe('figures over the demo data', () => {
  let t: TestApp;
  let compliance = new Map<number, string>();
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoTasks(t.database.db);
    compliance = await figureAssertions(t).checks.complianceTasks(OWNER);
  }, 120_000);
  afterAll(() => t.close());

  it('no assignment waits for approval once its submission is decided; every finished one has the submission that finished it', async () => {
    const problems = await historyViolations(t);
    expect(problems, `${problems.length} assignments disagree with their submissions`).toEqual([]);
  });

  const viewers = VIEWERS.filter((v) => v.username !== STORE);
  describe('as seeded', () => {
    invariants(
      () => t,
      viewers,
      () => ({ compliance }),
    );
  });
  describe('after the jobs ran', () => {
    beforeAll(() => runJobs(t), 120_000);
    invariants(
      () => t,
      viewers,
      () => ({ compliance }),
    );
  });
});
