import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_LIVE_SCIM_TOKENS, type ScimToken } from '../../contract/api/scim';
import { scimTokens } from '../../server/db/schema';
import { sqlRows } from '../../server/lib/jsonRows';
import { PERSON_ONLY, SCIM_ONLY } from '../../server/plugins/auth';
import { OWNER, STORE } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { scimKit } from './helpers/scim';
import { onPostgres } from './helpers/target';

/*
 * Issue 47: the management of directory provisioning. An administrator makes a SCIM token for the
 * company's directory (its secret shown once), rotates or deletes it, and chooses what the
 * directory's DELETE of a person does. A SCIM token opens /scim/v2 only.
 */

const t = suiteApp();
const s = scimKit(t);
const GLOBEX_OWNER = 'owner@globex.test';

const listOf = async (as: string) => {
  const res = await t.injectAs(as, { url: '/api/scim/token/list' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ScimToken[];
};

describe('SCIM tokens', () => {
  it('shows the secret once, keeps only its hash, and lists the token by name, prefix and maker', async () => {
    const made = await s.tokenOf(OWNER, 'Entra ID');
    const tenantId = (await t.userByUsername(OWNER)).tenantId;
    expect(made.token).toMatch(new RegExp(`^scim_${tenantId}\\.[A-Za-z0-9_-]{43}$`));
    expect(made.token.startsWith(made.prefix)).toBe(true);
    const listed = (await listOf(OWNER)).find((x) => x.id === made.id);
    expect(listed).toMatchObject({
      name: 'Entra ID',
      prefix: made.prefix,
      created_by: { name: 'Olivia Owner' },
      rotated_at: null,
      last_used_at: null,
    });
    const raw = await t.injectAs(OWNER, { url: '/api/scim/token/list' });
    expect(raw.body).not.toContain(made.token.slice(made.prefix.length));
    const [row] = await t.database.db.select().from(scimTokens).where(eq(scimTokens.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.token);
  });

  it('refuses a second token of the same name (any case) with 409, and an empty name with 400', async () => {
    await s.tokenOf(OWNER, 'Okta');
    const again = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/scim/token/create',
      payload: { name: 'OKTA' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.name).toBeDefined();
    const blank = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/scim/token/create',
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('rotates: a new secret for the same token, the old one refused at once', async () => {
    const made = await s.tokenOf(OWNER, 'Google');
    expect((await s.call(made.token, 'GET', '/Users?count=1')).statusCode).toBe(200);
    const res = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/scim/token/rotate',
      payload: { id: made.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json().data;
    expect(rotated.id).toBe(made.id);
    expect(rotated.token).not.toBe(made.token);
    expect(rotated.rotated_at).not.toBeNull();
    expect((await s.call(made.token, 'GET', '/Users?count=1')).statusCode).toBe(401);
    expect((await s.call(rotated.token, 'GET', '/Users?count=1')).statusCode).toBe(200);
  });

  it('deletes a token: the directory is refused from its next request on; an unknown id is 404', async () => {
    const made = await s.tokenOf(OWNER, 'Leaving IdP');
    const del = await t.injectAs(OWNER, {
      method: 'DELETE',
      url: '/api/scim/token/delete',
      query: { id: made.id },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await s.call(made.token, 'GET', '/Users')).statusCode).toBe(401);
    expect((await listOf(OWNER)).some((x) => x.id === made.id)).toBe(false);
    const again = await t.injectAs(OWNER, {
      method: 'DELETE',
      url: '/api/scim/token/delete',
      query: { id: made.id },
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps each tenant’s tokens to itself: another tenant’s id is 404, its list does not show them', async () => {
    const made = await s.tokenOf(OWNER, 'Acme directory');
    expect((await listOf(GLOBEX_OWNER)).some((x) => x.id === made.id)).toBe(false);
    const rotate = await t.injectAs(GLOBEX_OWNER, {
      method: 'POST',
      url: '/api/scim/token/rotate',
      payload: { id: made.id },
    });
    expect(rotate.statusCode).toBe(404);
    const del = await t.injectAs(GLOBEX_OWNER, {
      method: 'DELETE',
      url: '/api/scim/token/delete',
      query: { id: made.id },
    });
    expect(del.statusCode).toBe(404);
  });

  it('is for people who may change the settings, never for an API token', async () => {
    expect((await t.injectAs(STORE, { url: '/api/scim/token/list' })).statusCode).toBe(403);
    const api = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/token/create',
      payload: { name: 'Settings robot', scopes: ['setting.read', 'setting.update'] },
    });
    expect(api.statusCode, api.body).toBe(200);
    const res = await t.inject({
      url: '/api/scim/token/list',
      headers: { authorization: `Bearer ${api.json().data.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PERSON_ONLY);
  });

  it('logs its management under the directory provisioning entity, never the secret', async () => {
    const made = await s.tokenOf(OWNER, 'Logged IdP');
    const [entry] = await sqlRows<{ action: string; entity: string; changes: unknown }>(
      t.database.db,
      sql`SELECT action, entity, changes FROM activity_entries WHERE entity = 'scim' AND entity_id = ${String(made.id)}`,
    );
    expect(entry).toMatchObject({ action: 'scim.token.create', entity: 'scim' });
    expect(JSON.stringify(entry)).not.toContain(made.token);
  });
});

describe('a SCIM token at /api', () => {
  it('answers 401 with a sentence saying SCIM tokens work only at /scim/v2', async () => {
    const made = await s.tokenOf(OWNER, 'Wrong door');
    for (const url of ['/api/user/verify', '/api/user/list', '/api/scim/token/list']) {
      const res = await t.inject({ url, headers: { authorization: `Bearer ${made.token}` } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(SCIM_ONLY);
    }
  });
});

describe('what a SCIM DELETE does', () => {
  it('is disable until the tenant chooses delete; the base URL is the public address and /scim/v2', async () => {
    const get = await t.injectAs(GLOBEX_OWNER, { url: '/api/scim/setting' });
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json().data).toEqual({ base_url: 'http://storeline.test/scim/v2', on_delete: 'disable' });
    const put = await t.injectAs(GLOBEX_OWNER, {
      method: 'PUT',
      url: '/api/scim/setting/update',
      payload: { on_delete: 'delete' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.on_delete).toBe('delete');
    // Acme's choice is its own.
    expect((await t.injectAs(OWNER, { url: '/api/scim/setting' })).json().data.on_delete).toBe('disable');
    const bad = await t.injectAs(GLOBEX_OWNER, {
      method: 'PUT',
      url: '/api/scim/setting/update',
      payload: { on_delete: 'archive' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the live-token limit', () => {
  it(`holds at ${MAX_LIVE_SCIM_TOKENS} under concurrent creations (PostgreSQL: truly at once)`, async () => {
    const tenantId = (await t.userByUsername(GLOBEX_OWNER)).tenantId;
    const count = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(scimTokens)
          .where(and(eq(scimTokens.tenantId, tenantId)))
      )[0]!.n;
    for (let i = (await count()) + 1; i < MAX_LIVE_SCIM_TOKENS; i += 1)
      await s.tokenOf(GLOBEX_OWNER, `Directory ${i}`);
    const race = () =>
      Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          t.injectAs(GLOBEX_OWNER, {
            method: 'POST',
            url: '/api/scim/token/create',
            payload: { name: `Race ${i}` },
          }),
        ),
      );
    const raced = onPostgres ? await heldAtTheCount(race) : await race();
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(RACERS - 1).fill(409)]);
    expect(raced.find((r) => r.statusCode === 409)!.json().message).toContain(String(MAX_LIVE_SCIM_TOKENS));
    expect(await count()).toBe(MAX_LIVE_SCIM_TOKENS);
  });
});

const RACERS = 6;

/**
 * Runs `race` while the SCIM token table is locked, and lets go once every creation waits at it
 * (or at the tenant's creation lock): on PostgreSQL the creations overlap at their count, as on
 * several API processes. PGlite runs one transaction at a time: there the race restates the rule.
 */
async function heldAtTheCount<T>(race: () => Promise<T>): Promise<T> {
  let started: Promise<T> | undefined;
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE scim_tokens IN ACCESS EXCLUSIVE MODE`);
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
