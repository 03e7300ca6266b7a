import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnSession, PersonSession } from '../../contract/api/session';
import type { TokenCreated } from '../../contract/api/tokens';
import { positions, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/lib/tokens';
import { SESSION_USER_AGENT_CHARS } from '../../server/modules/session/device';
import { PERSON_ONLY } from '../../server/plugins/auth';
import { OWNER } from './helpers/acmePeople';
import { createTestApp, type InjectResponse, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';

/*
 * Issue 47: where a person is signed in. A session records the browser and address it signed in
 * with and the address it was last seen at; the person lists and ends their own, an administrator
 * ends all of a person's from their page.
 */

const PASSWORD = 'sessions-pass-123';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

let t: TestApp;
beforeAll(async () => {
  // Behind one proxy: the address is the client's, from X-Forwarded-For (config TRUST_PROXY).
  t = await createTestApp({
    trustProxy: 1,
    loginRateLimit: { perIpPerMinute: 1000, perUsernamePer15Minutes: 1000 },
  });
});
afterAll(() => t.close());

const org = () => organisation(t);
let people = 0;

/** A person in Bondi Junction made through the API, who signs in with PASSWORD. */
async function newPerson(role = 'Team Member', node = 'Bondi Junction') {
  const email = `sessions.${++people}@acme.test`;
  const res = await t.injectAs(OWNER, {
    method: 'POST',
    url: '/api/user/create',
    payload: {
      firstname: 'Sess',
      lastname: `Ion ${people}`,
      email,
      password: PASSWORD,
      assigns: [{ node_id: await org().nodeId(node), role_id: await org().roleId(role) }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, email };
}

/** Signs in as a browser would, from `address` through the proxy: the session's token. */
async function signIn(email: string, userAgent: string | undefined, address: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: email, password: PASSWORD },
    headers: { 'x-forwarded-for': address, ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

const as = (token: string, address = '198.51.100.1') => ({
  authorization: `Bearer ${token}`,
  'x-forwarded-for': address,
});
const listWith = (token: string, address?: string) =>
  t.inject({ url: '/api/session/list', headers: as(token, address) });
async function ownList(token: string) {
  const res = await listWith(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OwnSession[];
}
const revoke = (token: string, query: Record<string, string>) =>
  t.inject({ method: 'DELETE', url: '/api/session/revoke', query, headers: as(token) });
const verifyWith = (token: string) => t.inject({ url: '/api/user/verify', headers: as(token) });
const ended = (res: InjectResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ended as number;
};

/** Makes the session look last seen `minutes` ago (the guard touches it at most once a minute). */
const seenAgo = (token: string, minutes: number) =>
  t.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.tokenHash, hashToken(token)));

async function sessionIdOf(token: string) {
  const mine = (await ownList(token)).find((s) => s.current);
  return mine!.id;
}

describe('GET /api/session/list', () => {
  it('lists the person’s own sessions with device, addresses and times, this one marked current', async () => {
    const { email } = await newPerson();
    const phone = await signIn(email, CHROME_ANDROID, '203.0.113.10');
    const iphone = await signIn(email, SAFARI_IPHONE, '203.0.113.20');
    const laptop = await signIn(email, FIREFOX_WINDOWS, '2001:db8::7');
    // The laptop was active most recently, the phone before the iPhone.
    await seenAgo(iphone, 30);
    await seenAgo(phone, 20);
    const list = await ownList(laptop);
    expect(list.map((s) => s.device)).toEqual([
      'Firefox on Windows',
      'Chrome on Android',
      'Safari on iPhone',
    ]);
    expect(list.map((s) => s.current)).toEqual([true, false, false]);
    const [first, second] = list;
    expect(first).toMatchObject({
      browser: 'Firefox',
      os: 'Windows',
      user_agent: FIREFOX_WINDOWS,
      started_address: '2001:db8::7',
    });
    expect(second).toMatchObject({
      user_agent: CHROME_ANDROID,
      address: '203.0.113.10',
      started_address: '203.0.113.10',
    });
    expect(Object.keys(first!).sort()).toEqual(
      [
        'id',
        'device',
        'browser',
        'os',
        'user_agent',
        'address',
        'started_address',
        'started_at',
        'last_seen_at',
        'current',
      ].sort(),
    );
    expect(new Date(first!.started_at).getTime()).toBeLessThanOrEqual(Date.now());
    // Each session sees itself as the current one.
    expect((await ownList(phone)).find((s) => s.current)?.device).toBe('Chrome on Android');
  });

  it('shows only the caller’s sessions, and none that has expired', async () => {
    const one = await newPerson();
    const other = await newPerson();
    const mine = await signIn(one.email, SAFARI_IPHONE, '203.0.113.30');
    const old = await signIn(one.email, FIREFOX_WINDOWS, '203.0.113.31');
    await signIn(other.email, CHROME_ANDROID, '203.0.113.32');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(old)));
    const list = await ownList(mine);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ device: 'Safari on iPhone', current: true });
  });

  it('records the last address once a minute at most, and cuts a long User-Agent', async () => {
    const { email } = await newPerson();
    const long = `${FIREFOX_WINDOWS} ${'x'.repeat(2000)}`;
    const token = await signIn(email, long, '203.0.113.40');
    // Just signed in: seen from elsewhere within the minute, the address stays.
    await listWith(token, '203.0.113.41');
    let [entry] = await ownList(token);
    expect(entry).toMatchObject({ address: '203.0.113.40', started_address: '203.0.113.40' });
    expect(entry!.user_agent).toHaveLength(SESSION_USER_AGENT_CHARS);
    expect(entry!.device).toBe('Firefox on Windows');
    // Over a minute later, the next request touches the session with its address.
    await seenAgo(token, 2);
    await listWith(token, '203.0.113.42');
    [entry] = await ownList(token);
    expect(entry).toMatchObject({ address: '203.0.113.42', started_address: '203.0.113.40' });
    expect(Date.now() - new Date(entry!.last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it('names a program’s session an unknown device, at the connection’s address without a proxy header', async () => {
    const { email } = await newPerson();
    const res = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: PASSWORD },
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    const token = res.json().data.token as string;
    const [entry] = await ownList(token);
    expect(entry).toMatchObject({
      device: 'Unknown device',
      browser: null,
      os: null,
      user_agent: 'curl/8.5.0',
      started_address: '127.0.0.1',
    });
  });

  it('answers a person without a position, but not during a forced reset', async () => {
    const { id, email } = await newPerson();
    const token = await signIn(email, SAFARI_IPHONE, '203.0.113.50');
    await t.database.db.delete(positions).where(eq(positions.userId, id));
    expect((await verifyWith(token)).statusCode).toBe(401);
    expect(await ownList(token)).toHaveLength(1);
    const reset = await t.injectAs('reset@acme.test', { url: '/api/session/list' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe('You must set a new password before continuing.');
  });
});

describe('DELETE /api/session/revoke', () => {
  it('ends one of the caller’s other sessions by id: it is refused, this one goes on', async () => {
    const { email } = await newPerson();
    const here = await signIn(email, FIREFOX_WINDOWS, '203.0.113.60');
    const there = await signIn(email, CHROME_ANDROID, '203.0.113.61');
    const thereId = await sessionIdOf(there);
    expect(ended(await revoke(here, { id: String(thereId) }))).toBe(1);
    expect((await verifyWith(there)).statusCode).toBe(401);
    expect((await verifyWith(here)).statusCode).toBe(200);
    // Ended already: not found.
    expect((await revoke(here, { id: String(thereId) })).statusCode).toBe(404);
  });

  it('ends every other session with others=true and keeps this one', async () => {
    const { email } = await newPerson();
    const here = await signIn(email, FIREFOX_WINDOWS, '203.0.113.70');
    const others = [
      await signIn(email, CHROME_ANDROID, '203.0.113.71'),
      await signIn(email, SAFARI_IPHONE, '203.0.113.72'),
    ];
    expect(ended(await revoke(here, { others: 'true' }))).toBe(2);
    for (const token of others) expect((await verifyWith(token)).statusCode).toBe(401);
    expect((await ownList(here)).map((s) => s.current)).toEqual([true]);
    expect(ended(await revoke(here, { others: 'true' }))).toBe(0);
  });

  it('ends the current session by id: that signs the person out', async () => {
    const { email } = await newPerson();
    const here = await signIn(email, FIREFOX_WINDOWS, '203.0.113.80');
    const other = await signIn(email, SAFARI_IPHONE, '203.0.113.81');
    expect(ended(await revoke(here, { id: String(await sessionIdOf(here)) }))).toBe(1);
    expect((await verifyWith(here)).statusCode).toBe(401);
    expect((await verifyWith(other)).statusCode).toBe(200);
  });

  it('answers 404 for another person’s or another tenant’s session, ending nothing', async () => {
    const one = await newPerson();
    const two = await newPerson();
    const mine = await signIn(one.email, FIREFOX_WINDOWS, '203.0.113.90');
    const theirs = await signIn(two.email, SAFARI_IPHONE, '203.0.113.91');
    const globex = await t.tokenFor('owner@globex.test');
    for (const token of [theirs, globex]) {
      const res = await revoke(mine, { id: String(await sessionIdOf(token)) });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Session not found');
      expect((await verifyWith(token)).statusCode).toBe(200);
    }
  });

  it('answers 400 unless exactly one of id and others=true is given', async () => {
    const { email } = await newPerson();
    const here = await signIn(email, FIREFOX_WINDOWS, '203.0.113.95');
    const id = String(await sessionIdOf(here));
    const queries: Record<string, string>[] = [
      {},
      { others: 'false' },
      { id, others: 'true' },
      { id: 'x' },
      { id: '0' },
    ];
    for (const query of queries) {
      const res = await revoke(here, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await verifyWith(here)).statusCode).toBe(200);
  });

  it('writes the person’s ending of sessions to the administration log', async () => {
    const { id, email } = await newPerson();
    const here = await signIn(email, FIREFOX_WINDOWS, '203.0.113.96');
    await signIn(email, CHROME_ANDROID, '203.0.113.97');
    expect(ended(await revoke(here, { others: 'true' }))).toBe(1);
    const [entry] = await logOf(id, 'session.revoke');
    expect(entry).toMatchObject({
      actor_id: id,
      entity: 'user',
      entity_id: String(id),
      changes: { sessions_ended: { after: 1 } },
      ip: '198.51.100.1',
    });
  });
});

type Entry = { action: string; actor_id: number; entity: string; entity_id: string; changes: unknown };
async function logOf(userId: number, action: string) {
  const res = await t.injectAs(OWNER, {
    url: '/api/activity/list',
    query: { entity: 'user', entity_id: String(userId), action },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data as Entry[];
}

describe('an administrator ends a person’s sessions', () => {
  const listOf = (admin: string, id: number) =>
    t.injectAs(admin, { url: '/api/admin/user/sessions', query: { id: String(id) } });
  const endAll = (admin: string, id: number) =>
    t.injectAs(admin, { method: 'DELETE', url: '/api/admin/user/sessions', query: { id: String(id) } });

  it('lists the person’s live sessions without a current flag, then ends them all, logged', async () => {
    const { id, email } = await newPerson();
    const tokens = [
      await signIn(email, CHROME_ANDROID, '203.0.113.100'),
      await signIn(email, SAFARI_IPHONE, '203.0.113.101'),
    ];
    const listed = await listOf(OWNER, id);
    expect(listed.statusCode, listed.body).toBe(200);
    const entries = listed.json().data as PersonSession[];
    expect(entries.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Safari on iPhone']);
    expect(entries.every((s) => !('current' in s))).toBe(true);

    expect(ended(await endAll(OWNER, id))).toBe(2);
    for (const token of tokens) expect((await verifyWith(token)).statusCode).toBe(401);
    expect((await listOf(OWNER, id)).json().data).toEqual([]);
    const owner = await t.userByUsername(OWNER);
    const [entry] = await logOf(id, 'user.sessions.end');
    expect(entry).toMatchObject({
      actor_id: owner.id,
      entity: 'user',
      entity_id: String(id),
      entity_name: `Sess Ion ${people}`,
      changes: { sessions_ended: { after: 2 } },
    });
    // The person signs in again as before.
    await signIn(email, CHROME_ANDROID, '203.0.113.102');
  });

  it('keeps to the caller’s part of the organisation and tenant, and to those who may disable people', async () => {
    const outside = await newPerson('Team Member', 'Geelong');
    const token = await signIn(outside.email, CHROME_ANDROID, '203.0.113.110');
    expect((await endAll('area@acme.test', outside.id)).statusCode).toBe(403);
    expect((await listOf('area@acme.test', outside.id)).statusCode).toBe(403);
    expect((await endAll('store@acme.test', outside.id)).statusCode).toBe(403);
    const homer = await t.userByUsername('staff@globex.test');
    expect((await endAll(OWNER, homer.id)).statusCode).toBe(404);
    expect((await listOf(OWNER, homer.id)).statusCode).toBe(404);
    expect((await endAll(OWNER, 2147483647)).statusCode).toBe(404);
    expect((await verifyWith(token)).statusCode).toBe(200);
    expect(await logOf(outside.id, 'user.sessions.end')).toEqual([]);
    const inside = await newPerson('Team Member', 'Parramatta');
    await signIn(inside.email, CHROME_ANDROID, '203.0.113.111');
    expect(ended(await endAll('area@acme.test', inside.id))).toBe(1);
  });
});

describe('API tokens', () => {
  it('cannot list or end a person’s own sessions (403), and end a person’s only with user.disable', async () => {
    const create = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/token/create',
      payload: { name: 'Sessions', scopes: ['user.read', 'user.disable', 'profile.read'] },
    });
    expect(create.statusCode, create.body).toBe(200);
    const { token } = create.json().data as TokenCreated;
    const withToken = { authorization: `Bearer ${token}` };
    for (const [method, url, query] of [
      ['GET', '/api/session/list', {}],
      ['DELETE', '/api/session/revoke', { others: 'true' }],
    ] as const) {
      const res = await t.inject({ method, url, query, headers: withToken });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(PERSON_ONLY);
    }
    expect((await verifyWith(await t.tokenFor(OWNER))).statusCode).toBe(200);
    const { id, email } = await newPerson();
    await signIn(email, CHROME_ANDROID, '203.0.113.120');
    const res = await t.inject({
      method: 'DELETE',
      url: '/api/admin/user/sessions',
      query: { id: String(id) },
      headers: withToken,
    });
    expect(ended(res)).toBe(1);
  });
});
