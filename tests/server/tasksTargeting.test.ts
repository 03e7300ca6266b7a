import { describe, expect, it } from 'vitest';
import { workspaces } from '../../server/db/schema';
import {
  deleteSubtrees,
  findNode,
  insertNode,
  moveSubtree,
  updateNodeFields,
} from '../../server/modules/hierarchy/repository';
import { refreshTargetsForTenant } from '../../server/modules/taskmanagement/engine';
import { AREA, OWNER } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { taskKit } from './helpers/tasks';

const t = suiteApp();
const k = taskKit(t);

const stores = async (id: number) => [...new Set((await k.assignmentsOf(id)).map((r) => r.store))];
const preview = (as: string, payload: unknown) => k.call(as, 'POST', '/api/admin/task/preview', payload);

/** A tomorrow-or-later date, so refreshes see the occurrence as still to come. */
const FUTURE = '2030-05-06';

describe('targeting', () => {
  it('a container means every active workspace under it, minus the excluded nodes beneath', async () => {
    const id = await k.published(OWNER, {
      targets: {
        include: [await k.nodeId('New South Wales'), await k.nodeId('Melbourne Central')],
        exclude: [await k.nodeId('Regional NSW'), await k.nodeId('Bondi Junction')],
      },
    });
    expect(await stores(id)).toEqual(['Melbourne Central', 'Parramatta', 'Sydney CBD']);
  });

  it('an inactive workspace receives nothing', async () => {
    const bondi = await k.nodeId('Bondi Junction');
    const tenantId = await k.tenantId();
    await updateNodeFields(t.database.db, tenantId, bondi, { status: 'inactive' });
    try {
      const id = await k.published(OWNER, { targets: { include: [await k.nodeId('Sydney Metro')] } });
      expect(await stores(id)).toEqual(['Parramatta', 'Sydney CBD']);
    } finally {
      await updateNodeFields(t.database.db, tenantId, bondi, { status: 'active' });
    }
  });

  it('stores created, moved in or re-activated under a targeted container get the future occurrences; others lose theirs', async () => {
    const db = t.database.db;
    const tenantId = await k.tenantId();
    const id = await k.published(OWNER, {
      start_date: FUTURE,
      due_date: FUTURE,
      targets: { include: [await k.nodeId('Sydney Metro')], exclude: [await k.nodeId('Parramatta')] },
    });
    expect(await stores(id)).toEqual(['Bondi Junction', 'Sydney CBD']);

    // A new store opens in Sydney Metro, Newcastle moves in, Bondi Junction closes.
    const metro = (await findNode(db, tenantId, await k.nodeId('Sydney Metro')))!;
    const node = await insertNode(db, tenantId, {
      parentId: metro.id,
      parentPath: metro.path,
      type: 'workspace',
      name: 'Chatswood',
      level: 3,
    });
    await db
      .insert(workspaces)
      .values({ tenantId, nodeId: node.id, identifier: 'NSW-099', timezone: 'Australia/Sydney' });
    const newcastle = (await findNode(db, tenantId, await k.nodeId('Newcastle')))!;
    await moveSubtree(db, tenantId, newcastle, metro);
    await updateNodeFields(db, tenantId, await k.nodeId('Bondi Junction'), { status: 'inactive' });

    const result = await refreshTargetsForTenant(db, tenantId);
    // Other tasks of this file reach these stores too; this task lost one and gained two.
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(result.created).toBeGreaterThanOrEqual(2);
    expect(await stores(id)).toEqual(['Chatswood', 'Newcastle', 'Sydney CBD']);
    // Running it again changes nothing.
    expect(await refreshTargetsForTenant(db, tenantId)).toMatchObject({ removed: 0, created: 0 });

    // Newcastle moves back out, Bondi Junction re-opens.
    const regional = (await findNode(db, tenantId, await k.nodeId('Regional NSW')))!;
    await moveSubtree(db, tenantId, (await findNode(db, tenantId, newcastle.id))!, regional);
    await updateNodeFields(db, tenantId, await k.nodeId('Bondi Junction'), { status: 'active' });
    await refreshTargetsForTenant(db, tenantId);
    expect(await stores(id)).toEqual(['Bondi Junction', 'Chatswood', 'Sydney CBD']);
    await deleteSubtrees(db, tenantId, [node.path]);
  });

  it('never takes away work already started or submitted', async () => {
    const db = t.database.db;
    const tenantId = await k.tenantId();
    // Started in 2020: long under way.
    const id = await k.published(OWNER, {
      start_date: '2020-01-06',
      due_date: '2099-01-06',
      targets: { include: [await k.nodeId('Wollongong')] },
    });
    await updateNodeFields(db, tenantId, await k.nodeId('Wollongong'), { status: 'inactive' });
    try {
      await refreshTargetsForTenant(db, tenantId);
      expect(await stores(id)).toEqual(['Wollongong']);
    } finally {
      await updateNodeFields(db, tenantId, await k.nodeId('Wollongong'), { status: 'active' });
    }
  });
});

describe('POST /api/admin/task/preview', () => {
  it('names the stores whose clock skips or repeats the start or due time that day', async () => {
    const at = async (date: string, start: string, due: string) =>
      k.data(
        await preview(
          OWNER,
          await k.body({
            start_date: date,
            start_time: start,
            due_date: date,
            due_time: due,
            targets: { include: [await k.nodeId('Sydney CBD'), await k.nodeId('Broken Hill')] },
          }),
        ),
      ).clock_changes as { name: string; which: string; kind: string }[];
    const brief = (list: { name: string; which: string; kind: string }[]) =>
      list.map((c) => `${c.name} ${c.which} ${c.kind}`).sort();
    // Sydney's clocks go forward from 02:00 to 03:00 on 6 October 2030; Broken Hill's too (an
    // hour, half an hour behind): 02:30 does not occur in either.
    expect(brief(await at('2030-10-06', '02:30', '04:00'))).toEqual([
      'Broken Hill start skipped',
      'Sydney CBD start skipped',
    ]);
    // They go back from 03:00 to 02:00 on 7 April 2030: 02:15 occurs twice.
    expect(brief(await at('2030-04-07', '01:00', '02:15'))).toEqual([
      'Broken Hill due repeated',
      'Sydney CBD due repeated',
    ]);
    expect(await at('2030-07-01', '09:00', '17:00')).toEqual([]);
  });

  it('counts stores and people, lists them, and finds the busiest store’s minutes that day', async () => {
    // Sydney CBD already has 45 minutes of work on FUTURE; Parramatta 10.
    const planned = [
      ['Stocktake', 45, 'Sydney CBD'],
      ['Window display', 10, 'Parramatta'],
    ] as const;
    for (const [title, minutes, store] of planned) {
      await k.published(OWNER, {
        title,
        estimated_minutes: minutes,
        start_date: '2030-07-01',
        due_date: '2030-07-01',
        targets: { include: [await k.nodeId(store)] },
      });
    }
    const res = await preview(
      AREA,
      await k.body({ estimated_minutes: 20, start_date: '2030-07-01', due_date: '2030-07-01' }),
    );
    expect(res.statusCode).toBe(200);
    const data = k.data(res);
    expect(data).toMatchObject({
      stores: 3,
      first_date: '2030-07-01',
      busiest: { name: 'Sydney CBD', date: '2030-07-01', minutes: 45, with_task: 65 },
    });
    expect(data.workspaces.map((w: { name: string }) => w.name)).toEqual([
      'Bondi Junction',
      'Parramatta',
      'Sydney CBD',
    ]);
    // Sydney Metro's stores hold the store manager, the team member, the reset user and 10 of the 40 others.
    const perStore = data.workspaces.reduce((sum: number, w: { people: number }) => sum + w.people, 0);
    expect(data.people).toBe(perStore);
    expect(data.people).toBeGreaterThanOrEqual(13);
    expect(data.workspaces.find((w: { name: string }) => w.name === 'Sydney CBD').timezone).toBe(
      'Australia/Sydney',
    );
  });

  it('previews a recurring task from its next occurrence', async () => {
    const res = await preview(
      OWNER,
      await k.body({
        start_date: '2030-07-01',
        due_date: '2030-07-01',
        recurrence: { freq: 'weekly', weekdays: [4] },
      }),
    );
    expect(k.data(res).first_date).toBe('2030-07-04');
  });

  it('answers 400, 401 and 403 like create, and writes nothing', async () => {
    const before = await k.taskCount();
    expect((await preview(OWNER, await k.body({ due_time: '08:00' }))).statusCode).toBe(400);
    expect(
      (await t.inject({ method: 'POST', url: '/api/admin/task/preview', payload: await k.body() }))
        .statusCode,
    ).toBe(401);
    expect((await preview('store@acme.test', await k.body())).statusCode).toBe(403);
    expect((await preview('staff@acme.test', await k.body())).statusCode).toBe(403);
    expect(
      (await preview(AREA, await k.body({ targets: { include: [await k.nodeId('Geelong')] } }))).statusCode,
    ).toBe(403);
    expect(
      (await preview(OWNER, await k.body({ targets: { include: [await k.nodeId('North', 'globex')] } })))
        .statusCode,
    ).toBe(400);
    expect(await k.taskCount()).toBe(before);
  });
});
