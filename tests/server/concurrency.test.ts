import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreeNode } from '../../contract/api/hierarchy';
import { hierarchyNodes, taskSubmissions, users } from '../../server/db/schema';
import { countAdministrators } from '../../server/lib/administrators';
import { OWNER } from './helpers/acmePeople';
import { createTestApp, type InjectOptions, type InjectResponse, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { localDate, taskBuilder } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

/**
 * Check-then-act rules under parallel requests. On PostgreSQL the requests really overlap (a pool
 * of connections); PGlite runs one transaction at a time, so there these only restate the rules —
 * cheap, and the outcome must be the same.
 */
let t: TestApp;
let org: ReturnType<typeof organisation>;

beforeAll(async () => {
  t = await createTestApp();
  org = organisation(t);
});
afterAll(() => t.close());

type Call = (() => Promise<InjectResponse>) & { username?: string };
/**
 * Signs every caller in first, then starts the calls together: a session made while the race runs
 * could name a user another call has just deleted (a foreign-key error on the distributed database,
 * where the delete wins more often).
 */
async function all(calls: Call[]) {
  for (const c of calls) if (c.username) await t.tokenFor(c.username);
  return Promise.all(calls.map((c) => c()));
}
const as = (username: string, options: InjectOptions): Call =>
  Object.assign(() => t.injectAs(username, options), { username });
const statuses = (answers: InjectResponse[]) => answers.map((a) => a.statusCode);

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** Every node of Acme once in tree/fetch, path and level agreeing with the parent, no cycle. */
async function expectConsistentTree() {
  const tenantId = await org.tenantId();
  const rows = await t.database.db.select().from(hierarchyNodes).where(eq(hierarchyNodes.tenantId, tenantId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const node of rows) {
    if (node.type === 'root') {
      expect(node).toMatchObject({ parentId: null, level: 0, path: `/${node.id}/` });
      continue;
    }
    const parent = byId.get(node.parentId!);
    expect(parent, `parent of ${node.name}`).toBeDefined();
    expect(node.path, `path of ${node.name}`).toBe(`${parent!.path}${node.id}/`);
    expect(node.level, `level of ${node.name}`).toBe(parent!.level + 1);
    // Walking up ends at the root within as many steps as there are nodes: no cycle.
    let at = node;
    for (let steps = 0; at.parentId !== null; steps++) {
      expect(steps, `cycle above ${node.name}`).toBeLessThan(rows.length);
      at = byId.get(at.parentId)!;
    }
    expect(at.type).toBe('root');
  }
  const res = await t.injectAs(OWNER, { url: '/api/hierarchy/tree/fetch' });
  expect(res.statusCode).toBe(200);
  const ids = flatten(res.json().data as TreeNode[]).map((n) => n.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
}

const move = (id: number, parentId: number) =>
  as(OWNER, { method: 'PUT', url: '/api/hierarchy/node/update', payload: { id, parent_id: parentId } });

async function container(name: string, parentId: number) {
  const res = await t.injectAs(OWNER, {
    method: 'POST',
    url: '/api/hierarchy/node/create',
    payload: { name, type: 'container', parent_id: parentId },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
}

describe('the hierarchy tree under parallel writes', () => {
  it('stays one tree through swaps and would-be cycles', async () => {
    const root = (await org.node('Acme Retail')).id;
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await container(`Race ${i}`, root));
    const [a, b, c, d, e, f, g, h] = ids as [number, number, number, number, number, number, number, number];
    const nsw = (await org.node('New South Wales')).id;
    const vic = (await org.node('Victoria')).id;
    const answers = await all([
      // Swaps: each alone is fine, both together would be a cycle.
      move(a, b),
      move(b, a),
      move(c, d),
      move(d, c),
      // A three-cycle and a four-cycle.
      move(e, f),
      move(f, g),
      move(g, e),
      move(h, nsw),
      move(nsw, vic),
      move(vic, h),
      // Whole states under the race nodes and back.
      move(nsw, a),
      move(vic, c),
      move(a, vic),
      move(c, nsw),
      move(b, e),
      move(d, g),
      move(e, h),
      move(g, b),
      move(f, d),
      move(h, f),
    ]);
    for (const s of statuses(answers)) expect([200, 400]).toContain(s);
    await expectConsistentTree();
  });

  it('keeps path and level right when one node is moved ten ways at once', async () => {
    const root = (await org.node('Acme Retail')).id;
    const metro = (await org.node('Sydney Metro')).id;
    const targets: number[] = [];
    for (let i = 0; i < 10; i++)
      targets.push(await container(`Target ${i}`, i % 2 === 0 ? root : targets[i - 1]!));
    const answers = await all(targets.map((target) => move(metro, target)));
    for (const s of statuses(answers)) expect(s).toBe(200);
    await expectConsistentTree();
  });

  it('moves, creates under and deletes overlapping branches without a 500', async () => {
    const root = (await org.node('Acme Retail')).id;
    const top = await container('Doomed', root);
    const mid = await container('Doomed middle', top);
    const other = await container('Survivor', root);
    const answers = await all([
      as(OWNER, { method: 'DELETE', url: '/api/hierarchy/node/delete', payload: { ids: [top] } }),
      move(mid, other),
      move(other, mid),
      as(OWNER, {
        method: 'POST',
        url: '/api/hierarchy/node/create',
        payload: { name: 'Late child', type: 'container', parent_id: mid },
      }),
      as(OWNER, { method: 'DELETE', url: '/api/hierarchy/node/delete', payload: { ids: [mid] } }),
    ]);
    for (const s of statuses(answers)) expect([200, 400, 404]).toContain(s);
    await expectConsistentTree();
  });
});

/** Straight in the database: the owner's session stays usable for the other tests. */
async function setEnabled(tenantId: number, id: number, enabled: boolean) {
  await t.database.db
    .update(users)
    .set({ enabled })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
}

/**
 * Runs `work` with the owner disabled, so the test's administrators are all there are, and enables
 * the owner again however `work` ends: a failure here must not fail every later test with 401.
 */
async function withOwnerDisabled(tenantId: number, work: () => Promise<void>) {
  const owner = await t.userByUsername(OWNER);
  await setEnabled(tenantId, owner.id, false);
  try {
    await work();
  } finally {
    await setEnabled(tenantId, owner.id, true);
  }
}

async function deleteUsers(tenantId: number, ids: number[]) {
  await t.database.db.delete(users).where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
}

describe('the last administrator under parallel demotions', () => {
  it('keeps at least one enabled administrator when admins disable each other at once', async () => {
    const tenantId = await org.tenantId();
    const ring = ['ring.a@acme.test', 'ring.b@acme.test', 'ring.c@acme.test'];
    const ids: number[] = [];
    for (const email of ring) ids.push(await org.addUser(email, 'Acme Retail', 'Administrator'));
    // Everybody else with administrator access is disabled, so the ring is all there is.
    await withOwnerDisabled(tenantId, async () => {
      expect(await countAdministrators(t.database.db, tenantId)).toBe(3);
      const answers = await all(
        ring.map((email, i) =>
          as(email, { method: 'PUT', url: '/api/user/disable', payload: { id: ids[(i + 1) % ring.length] } }),
        ),
      );
      // A disabled administrator's own request may already find its session ended (401).
      for (const a of answers) expect([200, 401, 409], a.body).toContain(a.statusCode);
      expect(await countAdministrators(t.database.db, tenantId)).toBeGreaterThanOrEqual(1);
    });
    await deleteUsers(tenantId, ids);
  });

  it('keeps one when the last two administrators delete each other at once', async () => {
    const tenantId = await org.tenantId();
    const pair = ['pair.a@acme.test', 'pair.b@acme.test'];
    const ids: number[] = [];
    for (const email of pair) ids.push(await org.addUser(email, 'Acme Retail', 'Administrator'));
    await withOwnerDisabled(tenantId, async () => {
      expect(await countAdministrators(t.database.db, tenantId)).toBe(2);
      const answers = await all([
        as(pair[0]!, { method: 'DELETE', url: '/api/user/delete', query: { id: ids[1]! } }),
        as(pair[1]!, { method: 'DELETE', url: '/api/user/delete', query: { id: ids[0]! } }),
      ]);
      // The loser is refused (409), or already signed out by the winner's delete (401).
      const said = answers.map((a) => `${a.statusCode} ${a.body}`).join('; ');
      const [won, lost] = statuses(answers).sort();
      expect(won, said).toBe(200);
      expect([401, 409], said).toContain(lost);
      expect(await countAdministrators(t.database.db, tenantId)).toBe(1);
    });
    await deleteUsers(tenantId, ids);
  });
});

describe('parallel deletes of one user', () => {
  it('answers one 200 and 404 for the rest', async () => {
    const id = await org.addUser('deleted.ten.times@acme.test', 'Sydney CBD', 'Team Member');
    const answers = await all(
      Array.from({ length: 10 }, () =>
        as(OWNER, { method: 'DELETE', url: '/api/user/delete', query: { id } }),
      ),
    );
    const sorted = statuses(answers).sort();
    expect(sorted).toEqual([200, ...Array(9).fill(404)]);
  });
});

describe('parallel deletes of one record', () => {
  async function created(url: string, payload: Record<string, unknown>) {
    const res = await t.injectAs(OWNER, { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  }

  it.each([
    ['role', '/api/role/create', { name: 'Short-lived', description: '', permissions: [] }],
    ['department', '/api/department/create', { name: 'Short-lived', colour: '#aa5500' }],
    [
      'profile-field',
      '/api/profile-field/create',
      { name: 'Short-lived', short_name: 'short_lived', type: 'text', required: false },
    ],
    ['task/types', '/api/task/types/create', { name: 'Short-lived', colour: '#aa5500' }],
  ] as const)('%s: one 200 and 404 for the rest', async (what, createUrl, payload) => {
    const id = await created(createUrl, payload);
    const answers = await all(
      Array.from({ length: 10 }, () =>
        as(OWNER, { method: 'DELETE', url: `/api/${what}/delete`, query: { id } }),
      ),
    );
    expect(statuses(answers).sort()).toEqual([200, ...Array(9).fill(404)]);
  });
});

describe('the active-workspace limit under parallel activations', () => {
  it('lets exactly as many activate as the limit allows', async () => {
    const names = ['Newcastle', 'Wollongong', 'Broken Hill', 'Parramatta', 'Bondi Junction'];
    const workspaceIds: number[] = [];
    for (const name of names) {
      const node = await org.node(name);
      const res = await t.injectAs(OWNER, { url: '/api/workspace/list', query: { search_key: name } });
      const id = (res.json().data.data as { id: number; name: string }[]).find(
        (w) => w.name === node.name,
      )!.id;
      workspaceIds.push(id);
      await t.injectAs(OWNER, { method: 'PUT', url: '/api/workspace/deactivate', payload: { id } });
    }
    const active = await org.activeWorkspaces();
    await org.setMaxActive(active + 2);
    const root = (await org.node('Acme Retail')).id;
    const answers = await all([
      ...workspaceIds.map((id) =>
        as(OWNER, { method: 'PUT', url: '/api/workspace/activate', payload: { id } }),
      ),
      ...[1, 2, 3].map((i) =>
        as(OWNER, {
          method: 'POST',
          url: '/api/workspace/create',
          payload: { name: `Pop-up ${i}`, parent_id: root, identifier: `POP-${i}`, status: 'active' },
        }),
      ),
    ]);
    const codes = statuses(answers);
    expect(codes.filter((s) => s === 200)).toHaveLength(2);
    expect(codes.filter((s) => s === 409)).toHaveLength(answers.length - 2);
    expect(await org.activeWorkspaces()).toBe(active + 2);
  });
});

describe('tasks under parallel requests', () => {
  it('publishes a draft once however many publish it at the same moment', async () => {
    const k = taskKit(t);
    const created = await k.create(OWNER, await k.body({ title: 'Published ten times' }));
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const answers = await all(Array.from({ length: 10 }, () => () => k.publish(OWNER, id)));
    // As many assignments as Sydney Metro has active stores, made once, and every answer says so.
    const made = (await k.assignmentsOf(id)).length;
    expect(made).toBeGreaterThan(0);
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json().data).toEqual({ id, status: 'published', assignments: made });
    }
  });

  it('completes an assignment once: one 200, 409 for the rest, one submission', async () => {
    const tasks = taskBuilder(t);
    const task = await tasks.createTask({ title: 'Completed ten times' });
    const a = await tasks.assign(task.id, 'Sydney CBD', { date: localDate('Australia/Sydney') });
    const answers = await all(
      ['staff@acme.test', 'store@acme.test'].flatMap((who) =>
        Array.from({ length: 5 }, () =>
          as(who, { method: 'POST', url: '/api/user/task/complete', payload: { assignment_id: a.id } }),
        ),
      ),
    );
    expect(statuses(answers).sort()).toEqual([200, ...Array(9).fill(409)]);
    const submissions = await t.database.db
      .select()
      .from(taskSubmissions)
      .where(eq(taskSubmissions.assignmentId, a.id));
    expect(submissions).toHaveLength(1);
  });
});

describe('sign-in limits under parallel guesses', () => {
  it('lets exactly as many failures through from one address as the limit allows', async () => {
    const { perIpPerMinute } = t.app.config.loginRateLimit;
    const guesses = Array.from(
      { length: perIpPerMinute + 10 },
      (_, i) => () =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '198.51.100.90',
          payload: { username: `guess-${i}@acme.test`, password: 'wrong' },
        }),
    );
    const answers = statuses(await Promise.all(guesses.map((g) => g())));
    expect(answers.filter((s) => s === 400)).toHaveLength(perIpPerMinute);
    expect(answers.filter((s) => s === 429)).toHaveLength(10);
  });
});
