import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiToken, TokenCreated } from '../../contract/api/tokens';
import { MAX_LIVE_API_TOKENS } from '../../contract/api/tokens';
import { apiTokens } from '../../server/db/schema';
import { sqlRows } from '../../server/lib/jsonRows';
import { PERSON_ONLY } from '../../server/plugins/auth';
import { OWNER } from './helpers/acmePeople';
import { type InjectOptions, type InjectResponse, suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { onPostgres } from './helpers/target';
import { taskKit } from './helpers/tasks';

/*
 * Issue 46: API tokens. A program calls the routes the web app uses with `Authorization: Bearer
 * stl_…` and acts as the position of the administrator who made the token, within its scopes and
 * never beyond what that administrator's role grants now.
 */

const t = suiteApp();
const org = organisation(t);
const k = taskKit(t);
const GLOBEX_OWNER = 'owner@globex.test';
const INTEGRATOR = 'integrator@acme.test';

const create = (as: string, payload: unknown) =>
  t.injectAs(as, { method: 'POST', url: '/api/token/create', payload });
const listOf = async (as: string) => {
  const res = await t.injectAs(as, { url: '/api/token/list' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ApiToken[];
};
const revoke = (as: string, id: number) =>
  t.injectAs(as, { method: 'DELETE', url: '/api/token/delete', query: { id } });

/** A token made by `as` through the API: its secret and id. */
async function tokenOf(as: string, name: string, scopes: string[], expires_at?: string) {
  const res = await create(as, { name, scopes, ...(expires_at ? { expires_at } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TokenCreated;
}

/** A request made by a program with `token`. */
const withToken = (token: string, options: InjectOptions): Promise<InjectResponse> =>
  t.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });

const perm = (id: string, ...capabilities: string[]) => ({ id, status: 'active', capabilities });

/** A role for a person who keeps the integrations: settings, stores and the audit queue. */
async function integratorRole() {
  const res = await t.injectAs(OWNER, {
    method: 'POST',
    url: '/api/role/create',
    payload: {
      name: 'Integrator',
      permissions: [perm('setting', 'read', 'update'), perm('workspace', 'read'), perm('audit', 'read')],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('making, listing and revoking API tokens', () => {
  it('shows the token once, keeps only its hash, and lists it by name and prefix', async () => {
    const made = await tokenOf(OWNER, 'HR sync', ['workspace.read', 'user.read']);
    expect(made.token).toMatch(/^stl_\d+\.[A-Za-z0-9_-]{43}$/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    expect(made).toMatchObject({
      name: 'HR sync',
      scopes: ['user.read', 'workspace.read'],
      status: 'active',
    });
    const listed = (await listOf(OWNER)).find((x) => x.id === made.id);
    expect(listed).toMatchObject({
      name: 'HR sync',
      prefix: made.prefix,
      created_by: { name: 'Olivia Owner' },
      last_used_at: null,
      expires_at: null,
      status: 'active',
    });
    const raw = await t.injectAs(OWNER, { url: '/api/token/list' });
    expect(raw.body).not.toContain(made.token.slice(made.prefix.length));
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.token);
  });

  it('refuses scopes outside the catalogue with 400 naming them, and writes nothing', async () => {
    const before = (await listOf(OWNER)).length;
    const module = await create(OWNER, { name: 'Bad module', scopes: ['warehouse.read'] });
    expect(module.statusCode).toBe(400);
    expect(module.json().message).toContain('“warehouse”');
    const capability = await create(OWNER, { name: 'Bad capability', scopes: ['workspace.approve'] });
    expect(capability.statusCode).toBe(400);
    expect(capability.json().errors.scopes).toContain('“workspace.approve”');
    const shape = await create(OWNER, { name: 'Bad shape', scopes: ['workspace'] });
    expect(shape.statusCode).toBe(400);
    const past = await create(OWNER, {
      name: 'Past',
      scopes: ['workspace.read'],
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.expires_at).toBeDefined();
    expect(await listOf(OWNER)).toHaveLength(before);
  });

  it('refuses a second live token of the same name with 409', async () => {
    await tokenOf(OWNER, 'Ticketing', ['workspace.read']);
    const again = await create(OWNER, { name: 'ticketing', scopes: ['workspace.read'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.name).toBeDefined();
  });

  it('is for people who may change the settings: others get 403', async () => {
    const res = await create('store@acme.test', { name: 'Mine', scopes: ['mytasks.read'] });
    expect(res.statusCode).toBe(403);
    expect((await t.injectAs('store@acme.test', { url: '/api/token/list' })).statusCode).toBe(403);
  });

  it('answers 404 for another tenant’s token id, and leaves that token working', async () => {
    const made = await tokenOf(OWNER, 'Globex cannot touch', ['workspace.read']);
    const res = await revoke(GLOBEX_OWNER, made.id);
    expect(res.statusCode).toBe(404);
    expect((await listOf(GLOBEX_OWNER)).some((x) => x.id === made.id)).toBe(false);
    expect((await withToken(made.token, { url: '/api/workspace/list' })).statusCode).toBe(200);
  });
});

describe('a program with a token', () => {
  it('reads stores and completions and creates a task, logged under the token’s name', async () => {
    const made = await tokenOf(OWNER, 'BI warehouse', [
      'workspace.read',
      'audit.read',
      'taskmanagement.read',
      'taskmanagement.create',
    ]);
    const stores = await withToken(made.token, { url: '/api/workspace/list' });
    expect(stores.statusCode, stores.body).toBe(200);
    expect(stores.json().data.total).toBeGreaterThan(0);
    const completions = await withToken(made.token, { url: '/api/audit/submission/list' });
    expect(completions.statusCode, completions.body).toBe(200);
    const task = await withToken(made.token, {
      method: 'POST',
      url: '/api/admin/task/create',
      payload: await k.body({ title: 'Sent by the BI warehouse' }),
    });
    expect(task.statusCode, task.body).toBe(200);
    const taskId = task.json().data.id as number;

    const log = await t.injectAs(OWNER, {
      url: '/api/activity/list',
      query: { entity: 'task', entity_id: String(taskId) },
    });
    const owner = await t.userByUsername(OWNER);
    expect(log.json().data.data[0]).toMatchObject({
      action: 'task.create',
      actor_name: 'BI warehouse',
      actor_token_id: made.id,
      actor_id: owner.id,
      actor_position: expect.stringContaining('Administrator'),
    });
    const verify = await t.injectAs(OWNER, { url: '/api/activity/verify' });
    expect(verify.json().data.whole).toBe(true);
  });

  it('gets 403 outside its scopes, even where its creator may go', async () => {
    const made = await tokenOf(OWNER, 'Stores only', ['workspace.read']);
    const people = await withToken(made.token, { url: '/api/user/list' });
    expect(people.statusCode).toBe(403);
    const write = await withToken(made.token, {
      method: 'POST',
      url: '/api/admin/task/create',
      payload: await k.body(),
    });
    expect(write.statusCode).toBe(403);
    // Routes that check in their handler ask the same narrowed permissions.
    expect((await withToken(made.token, { url: '/api/role/list' })).statusCode).toBe(403);
  });

  it('is refused on the routes only a person uses, with a sentence saying so', async () => {
    const made = await tokenOf(OWNER, 'Everything', ['setting.update', 'setting.read', 'profile.read']);
    for (const [method, url] of [
      ['GET', '/api/user/verify'],
      ['GET', '/api/token/list'],
      ['POST', '/api/token/create'],
      ['GET', '/api/profile/get'],
      ['GET', '/api/notification/list'],
      ['POST', '/api/logout'],
    ] as const) {
      const res = await withToken(made.token, {
        method,
        url,
        ...(method === 'POST' ? { payload: { name: 'x', scopes: ['setting.read'] } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(PERSON_ONLY);
    }
    expect((await withToken(made.token, { url: '/api/setting/get' })).statusCode).toBe(200);
  });

  it('records its last use at most once a minute', async () => {
    const made = await tokenOf(OWNER, 'Touched', ['workspace.read']);
    await withToken(made.token, { url: '/api/workspace/list' });
    const first = (await listOf(OWNER)).find((x) => x.id === made.id)!.last_used_at;
    expect(first).not.toBeNull();
    await withToken(made.token, { url: '/api/workspace/list' });
    expect((await listOf(OWNER)).find((x) => x.id === made.id)!.last_used_at).toBe(first);
  });

  it('is 401 once revoked, once expired, and when malformed or unknown', async () => {
    const made = await tokenOf(OWNER, 'Short lived', ['workspace.read']);
    const res = await revoke(OWNER, made.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('revoked');
    const refused = await withToken(made.token, { url: '/api/workspace/list' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/revoked/);

    const later = await tokenOf(OWNER, 'Expiring', ['workspace.read'], '2099-01-01T00:00:00Z');
    expect((await withToken(later.token, { url: '/api/workspace/list' })).statusCode).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, later.id));
    const expired = await withToken(later.token, { url: '/api/workspace/list' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);
    expect((await listOf(OWNER)).find((x) => x.id === later.id)!.status).toBe('expired');

    const tampered = `${later.token.slice(0, -2)}xx`;
    expect((await withToken(tampered, { url: '/api/workspace/list' })).statusCode).toBe(401);
    expect((await withToken('stl_nonsense', { url: '/api/workspace/list' })).statusCode).toBe(401);
  });
});

describe('a token never does what its creator cannot', () => {
  it('refuses at creation a scope the creator’s role does not grant (403 naming it)', async () => {
    await integratorRole();
    await org.addUser(INTEGRATOR, 'Acme Retail', 'Integrator');
    const res = await create(INTEGRATOR, { name: 'Too wide', scopes: ['workspace.read', 'user.read'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('“user.read”');
    expect((await listOf(OWNER)).some((x) => x.name === 'Too wide')).toBe(false);
  });

  it('loses what its creator’s role loses, and stops when the creator is disabled', async () => {
    const made = await tokenOf(INTEGRATOR, 'Store feed', ['workspace.read', 'audit.read']);
    expect((await withToken(made.token, { url: '/api/workspace/list' })).statusCode).toBe(200);

    const roleId = await org.roleId('Integrator');
    const narrowed = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/role/update',
      payload: {
        id: roleId,
        name: 'Integrator',
        permissions: [perm('setting', 'read', 'update'), perm('audit', 'read')],
      },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await withToken(made.token, { url: '/api/workspace/list' })).statusCode).toBe(403);
    expect((await withToken(made.token, { url: '/api/audit/submission/list' })).statusCode).toBe(200);

    const integrator = await t.userByUsername(INTEGRATOR);
    const disabled = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/user/disable',
      payload: { id: integrator.id },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const refused = await withToken(made.token, { url: '/api/audit/submission/list' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/person who made this API token/);
  });
});

describe('the live-token limit', () => {
  it('lets exactly the limit through when the last creations race', async () => {
    const tenantId = await org.tenantId('globex');
    const live = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(apiTokens)
          .where(and(eq(apiTokens.tenantId, tenantId), sql`${apiTokens.revokedAt} IS NULL`))
      )[0]!.n;
    for (let i = (await live()) + 1; i < MAX_LIVE_API_TOKENS; i += 1)
      await tokenOf(GLOBEX_OWNER, `Feed ${i}`, ['workspace.read']);
    const race = () =>
      Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          create(GLOBEX_OWNER, { name: `Race ${i}`, scopes: ['workspace.read'] }),
        ),
      );
    const raced = onPostgres ? await heldAtTheCount(race) : await race();
    const codes = raced.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(RACERS - 1).fill(409)]);
    expect(raced.find((r) => r.statusCode === 409)!.json().message).toContain(String(MAX_LIVE_API_TOKENS));
    expect(await live()).toBe(MAX_LIVE_API_TOKENS);
  });
});

const RACERS = 6;

/**
 * Runs `race` while the token table is locked, and lets go once every creation waits at it (or,
 * with the tenant's creation lock, one waits at the table and the rest at that lock): so on
 * PostgreSQL the creations truly overlap at their count, as on several API processes, instead of
 * one committing before the next one reads. PGlite runs one transaction at a time: there the race
 * only restates the rule.
 */
async function heldAtTheCount<T>(race: () => Promise<T>): Promise<T> {
  let started: Promise<T> | undefined;
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE api_tokens IN ACCESS EXCLUSIVE MODE`);
    started = race();
    for (;;) {
      const [row] = await sqlRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (row!.n >= RACERS) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  return started!;
}
