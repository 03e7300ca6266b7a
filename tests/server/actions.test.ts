import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTION_EXISTS_CODE } from '../../contract/api/actions';
import { actionEvents, actions } from '../../server/db/schema';
import { escalateOverdue } from '../../server/modules/actions/escalation';
import { AREA, OWNER, STAFF, STORE, SYDNEY } from './helpers/acmePeople';
import { actionCalls, failedVisit, STORE_VISIT } from './helpers/actions';
import { appWithFiles } from './helpers/files';
import { formTemplateRows } from './helpers/formTemplates';
import { inspectionCalls, picture } from './helpers/inspections';
import { organisation } from './helpers/organisation';
import { localDate, taskBuilder } from './helpers/taskRows';

/*
 * Issue 49, an action's whole life against the real server: Sydney Metro's Area Manager inspects
 * Sydney CBD, raises an action from the failed entrance in one press, the store's team fixes it
 * with a photo, the area manager closes it; an overdue one goes up the tree; the dashboard's
 * counts and the list agree.
 */

const t = appWithFiles('storeline-actions-');
const org = organisation(t);
const forms = formTemplateRows(t);
const api = actionCalls(t);
const GLOBEX = 'owner@globex.test';
const NEXT_WEEK = localDate(SYDNEY, 7);

let templateId = 0;
let cbd = 0;
let inspectionId = 0;
let entrancePhoto = '';
let actionId = 0;

const notices = async (as: string) =>
  api.ok(await t.injectAs(as, { url: '/api/notification/list', query: { page: 1, per_page: 50 } })).data as {
    event: string;
    action_id: number | null;
    task_title: string;
  }[];

beforeAll(async () => {
  ({ templateId } = await forms.addTemplate('Store visit', STORE_VISIT));
  cbd = await org.nodeId('Sydney CBD');
  ({ inspectionId, photo: entrancePhoto } = await failedVisit(t, AREA, templateId, cbd));
});

describe('an action raised from a failed inspection item', () => {
  it('is pre-filled with the question, the answer and its photos, at the inspection’s store', async () => {
    const raised = api.ok(
      await api.create(AREA, {
        title: 'Clear the entrance',
        due_date: NEXT_WEEK,
        inspection_id: inspectionId,
        question_id: 'q_clean',
        priority: 'high',
      }),
    );
    actionId = raised.id;
    expect(raised).toMatchObject({
      title: 'Clear the entrance',
      priority: 'high',
      status: 'open',
      due_date: NEXT_WEEK,
      store: { id: cbd, name: 'Sydney CBD', timezone: SYDNEY },
      assignee: null,
      created_by: { name: 'Aaron Area' },
      source: 'inspection',
      overdue: false,
      closed_at: null,
      photos: [entrancePhoto],
      inspection_item: {
        inspection_id: inspectionId,
        template: 'Store visit',
        question_id: 'q_clean',
        section: 'Front of store',
        prompt: 'Is the entrance clean?',
        answer: { value: 'no', comment: 'Boxes by the door', photos: [entrancePhoto] },
      },
      can: { work: true, update: true, delete: false },
    });
    expect(raised.events.map((e: { kind: string }) => e.kind)).toEqual(['created']);
  });

  it('is raised once per item: a second press answers 409 naming the first', async () => {
    const again = await api.create(AREA, {
      title: 'Again',
      due_date: NEXT_WEEK,
      inspection_id: inspectionId,
      question_id: 'q_clean',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: ACTION_EXISTS_CODE, errors: { id: String(actionId) } });
    // A question that did not fail, and another tenant's inspection, raise nothing.
    const passed = await api.create(AREA, {
      title: 'Stock',
      due_date: NEXT_WEEK,
      inspection_id: inspectionId,
      question_id: 'q_stock',
    });
    expect(passed.statusCode).toBe(400);
    expect(passed.json().errors.question_id).toMatch(/failed items/);
    const foreign = await api.create(GLOBEX, {
      title: 'Mine',
      due_date: NEXT_WEEK,
      inspection_id: inspectionId,
      question_id: 'q_clean',
    });
    expect(foreign.statusCode).toBe(404);
    expect(api.ok(await api.list(AREA, { inspection_id: inspectionId })).total).toBe(1);
  });

  it('tells the store’s team, not the person who raised it', async () => {
    await t.app.jobs.drain();
    for (const person of [STAFF, STORE]) {
      const told = (await notices(person)).find((n) => n.event === 'action.assigned');
      expect(told, person).toMatchObject({ action_id: actionId, task_title: 'Clear the entrance' });
    }
    expect((await notices(AREA)).some((n) => n.event === 'action.assigned')).toBe(false);
  });

  it('is the team member’s to work, with its photo, but not to close', async () => {
    expect(api.ok(await api.list(STAFF, { mine: true })).data.map((a: { id: number }) => a.id)).toContain(
      actionId,
    );
    const seen = api.ok(await api.get(STAFF, actionId));
    expect(seen.can).toEqual({ work: true, update: false, delete: false });
    // The inspection's photo reaches the team member through the action (they do not read inspections).
    const photo = await t.injectAs(STAFF, {
      url: '/api/task/attachments/download',
      query: { hash: entrancePhoto },
    });
    expect(photo.statusCode).toBe(200);

    api.ok(await api.status(STAFF, actionId, 'in_progress'));
    const bare = await api.status(STAFF, actionId, 'done');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors.comment).toBe('Say or show what was done: a comment or a photo.');
    const fixed = await inspectionCalls(t).upload(STAFF, await picture(30), 'cleared.jpg');
    const done = api.ok(
      await api.status(STAFF, actionId, 'done', { comment: 'Boxes moved', photos: [fixed] }),
    );
    expect(done.status).toBe('done');
    expect(done.events.at(-1)).toMatchObject({
      kind: 'status',
      from_status: 'in_progress',
      to_status: 'done',
      comment: 'Boxes moved',
      photos: [fixed],
      user: { name: expect.any(String) },
    });
    // Done waits for closure: the worker cannot move it on, nor close it.
    expect((await api.status(STAFF, actionId, 'open')).statusCode).toBe(409);
    expect((await api.close(STAFF, actionId)).statusCode).toBe(403);
    // The area manager sees the fix's photo.
    const seenFix = await t.injectAs(AREA, { url: '/api/task/attachments/download', query: { hash: fixed } });
    expect(seenFix.statusCode).toBe(200);
  });

  it('tells whoever raised it, who closes it; a closed action takes no more work', async () => {
    await t.app.jobs.drain();
    expect((await notices(AREA)).find((n) => n.event === 'action.resolved')).toMatchObject({
      action_id: actionId,
    });
    const closed = api.ok(await api.close(AREA, actionId, 'Checked on my visit'));
    expect(closed).toMatchObject({ status: 'done', closed_by: { name: 'Aaron Area' }, can: { work: false } });
    expect(closed.closed_at).not.toBeNull();
    expect((await api.close(AREA, actionId)).statusCode).toBe(409);
    expect((await api.status(STAFF, actionId, 'in_progress')).statusCode).toBe(409);
    expect(closed.events.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'status',
      'status',
      'closed',
    ]);
  });

  it('can be reopened with what still needs doing, and is worked again', async () => {
    const bare = await api.reopen(AREA, actionId, '  ');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors.comment).toBe('Say what still needs doing.');
    const reopened = api.ok(await api.reopen(AREA, actionId, 'Boxes are back'));
    expect(reopened).toMatchObject({ status: 'open', closed_at: null, closed_by: null, can: { work: true } });
    expect(reopened.events.at(-1)).toMatchObject({
      kind: 'reopened',
      comment: 'Boxes are back',
      to_status: 'open',
    });
  });
});

describe('an action raised by hand', () => {
  it('checks the store, the due date, the assignee and the right to raise it', async () => {
    const base = { title: 'Fix the door', due_date: NEXT_WEEK, store_id: cbd };
    expect((await api.create(STAFF, base)).statusCode).toBe(403);
    const melbourne = await org.nodeId('Melbourne Central');
    expect((await api.create(AREA, { ...base, store_id: melbourne })).statusCode).toBe(404);
    const past = await api.create(AREA, { ...base, due_date: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.due_date).toBe('Choose a due date from today on.');
    const globexOwner = await t.userByUsername(GLOBEX, 'globex');
    const stranger = await api.create(AREA, { ...base, assignee_id: globexOwner.id });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors.assignee_id).toBeDefined();
    const noStore = await api.create(AREA, { title: 'Somewhere', due_date: NEXT_WEEK });
    expect(noStore.json().errors.store_id).toBe('Choose the store the action concerns.');
    expect(api.ok(await api.list(AREA, { q: 'Fix the door' })).total).toBe(0);
  });

  it('is assigned to a person of the store, who alone of the team works it', async () => {
    const people = api.ok(await api.assignees(AREA, { store_id: cbd })).data as {
      id: number;
      name: string;
    }[];
    const staff = await t.userByUsername(STAFF);
    const area = await t.userByUsername(AREA);
    expect(people.map((p) => p.id)).toEqual(expect.arrayContaining([staff.id, area.id]));
    const raised = api.ok(
      await api.create(AREA, {
        title: 'Fix the door',
        due_date: NEXT_WEEK,
        store_id: cbd,
        assignee_id: staff.id,
      }),
    );
    expect(raised.assignee).toEqual({ id: staff.id, name: expect.any(String) });
    expect(api.ok(await api.get(STAFF, raised.id)).can.work).toBe(true);
    // The store manager may update actions at the store: they may work it too.
    expect(api.ok(await api.get(STORE, raised.id)).can.work).toBe(true);
    const moved = api.ok(await api.update(AREA, { id: raised.id, assignee_id: null, priority: 'low' }));
    expect(moved).toMatchObject({ assignee: null, priority: 'low' });
    expect(moved.events.at(-1).kind).toBe('edited');
  });

  it('is raised from a task the store could not do, with the task’s title', async () => {
    const tasks = taskBuilder(t);
    const task = await tasks.createTask({ title: 'Restock the fridge' });
    const assignment = await tasks.assign(task.id, 'Sydney CBD', { date: localDate(SYDNEY) });
    expect(
      (
        await t.injectAs(STAFF, {
          method: 'POST',
          url: '/api/user/task/complete',
          payload: { assignment_id: assignment.id, outcome: 'cannot_do', reason: 'Fridge broken' },
        })
      ).statusCode,
    ).toBe(200);
    const raised = api.ok(
      await api.create(STORE, {
        title: 'Repair the fridge',
        due_date: NEXT_WEEK,
        assignment_id: assignment.id,
      }),
    );
    expect(raised).toMatchObject({
      source: 'task',
      store: { id: cbd },
      assignment: { id: assignment.id, task_title: 'Restock the fridge' },
    });
    // A task done as asked raises nothing.
    const fine = await tasks.assign(task.id, 'Sydney CBD', { date: localDate(SYDNEY, 1) });
    const refused = await api.create(STORE, {
      title: 'Nothing',
      due_date: NEXT_WEEK,
      assignment_id: fine.id,
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the counts, the list and the escalation', () => {
  const states = ['unresolved', 'overdue', 'to_close', 'closed'] as const;

  it('agree: every dashboard figure is the list’s total with the same state', async () => {
    // One action a week overdue, as time would make it.
    const late = api.ok(
      await api.create(AREA, { title: 'Paint the wall', due_date: NEXT_WEEK, store_id: cbd }),
    );
    await t.database.db
      .update(actions)
      .set({ dueDate: localDate(SYDNEY, -7) })
      .where(eq(actions.id, late.id));
    const metro = await org.nodeId('Sydney Metro');
    for (const [as, nodeId] of [
      [AREA, undefined],
      [AREA, cbd],
      [OWNER, metro],
      [STORE, undefined],
      [STAFF, undefined],
    ] as const) {
      const query: Record<string, number> = nodeId === undefined ? {} : { node_id: nodeId };
      const counts = api.ok(await api.counts(as, query));
      for (const state of states.filter((s) => s !== 'closed'))
        expect(api.ok(await api.list(as, { ...query, state })).total, `${as} ${state}`).toBe(counts[state]);
      expect(api.ok(await api.list(as, { ...query, state: 'unresolved', mine: true })).total).toBe(
        counts.mine,
      );
    }
    const area = api.ok(await api.counts(AREA));
    expect(area.overdue).toBe(1);
    expect(api.ok(await api.get(AREA, late.id)).overdue).toBe(true);
    // Another tenant counts none of them.
    expect(api.ok(await api.counts(GLOBEX))).toEqual({ unresolved: 0, overdue: 0, to_close: 0, mine: 0 });
    expect((await api.get(GLOBEX, late.id)).statusCode).toBe(404);
  });

  it('escalates an overdue action once, to the level above its store', async () => {
    const late = api.ok(await api.list(AREA, { state: 'overdue' })).data[0];
    const escalated = await escalateOverdue(t.database.db, t.app.jobs);
    expect(escalated).toContain(late.id);
    expect(await escalateOverdue(t.database.db, t.app.jobs)).not.toContain(late.id);
    await t.app.jobs.drain();
    expect(
      (await notices(AREA)).filter((n) => n.event === 'action.escalated' && n.action_id === late.id),
    ).toHaveLength(1);
    // The owner sits two levels up: the area is told first.
    expect((await notices(OWNER)).some((n) => n.event === 'action.escalated')).toBe(false);
    const seen = api.ok(await api.get(AREA, late.id));
    expect(seen.escalated_at).not.toBeNull();
    expect(seen.events.at(-1)).toMatchObject({ kind: 'escalated', user: null });
    // A new due date starts the clock again.
    api.ok(await api.update(AREA, { id: late.id, due_date: NEXT_WEEK }));
    expect(api.ok(await api.get(AREA, late.id))).toMatchObject({ escalated_at: null, overdue: false });
  });

  it('lists the inspections’ recurring failures of the area', async () => {
    await failedVisit(t, AREA, templateId, cbd);
    const from = localDate(SYDNEY, -30);
    const to = localDate(SYDNEY, 1);
    const recurring = api.ok(
      await t.injectAs(AREA, { url: '/api/inspection/recurring', query: { from, to } }),
    );
    expect(recurring.node.name).toBe('Sydney Metro');
    expect(recurring.data[0]).toMatchObject({
      template: { id: templateId, name: 'Store visit' },
      question_id: 'q_clean',
      prompt: 'Is the entrance clean?',
      failures: 2,
      inspections: 2,
      stores: 1,
      worst_stores: [{ id: cbd, name: 'Sydney CBD', failures: 2 }],
    });
    const csv = await t.injectAs(AREA, {
      url: '/api/inspection/recurring',
      query: { from, to, format: 'csv' },
    });
    expect(csv.body).toContain('Is the entrance clean?');
  });

  it('is removed by someone who may delete actions, with its history', async () => {
    const doomed = api.ok(
      await api.create(OWNER, { title: 'Temporary', due_date: NEXT_WEEK, store_id: cbd }),
    );
    expect((await api.remove(AREA, doomed.id)).statusCode).toBe(403);
    api.ok(await api.remove(OWNER, doomed.id));
    expect((await api.get(OWNER, doomed.id)).statusCode).toBe(404);
    const left = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(actionEvents)
      .where(and(eq(actionEvents.actionId, doomed.id)));
    expect(left[0]!.n).toBe(0);
  });
});

describe('two people at once', () => {
  it('raise one action for one item, and mark it done once', async () => {
    const second = await failedVisit(t, AREA, templateId, cbd);
    const body = {
      title: 'Entrance',
      due_date: NEXT_WEEK,
      inspection_id: second.inspectionId,
      question_id: 'q_clean',
    };
    const raised = await Promise.all([api.create(AREA, body), api.create(OWNER, body)]);
    expect(raised.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const id = raised.find((r) => r.statusCode === 200)!.json().data.id as number;
    const done = await Promise.all([
      api.status(STAFF, id, 'done', { comment: 'Done by staff' }),
      api.status(STORE, id, 'done', { comment: 'Done by manager' }),
    ]);
    expect(done.map((r) => r.statusCode)).toEqual([200, 200]);
    const events = api
      .ok(await api.get(AREA, id))
      .events.filter((e: { kind: string }) => e.kind === 'status');
    expect(events).toHaveLength(1);
  });
});
