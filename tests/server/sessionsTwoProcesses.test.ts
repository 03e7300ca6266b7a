import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACTIVE_WORKSPACE_CODE } from '../../contract/constants';
import { OWNER } from './helpers/acmePeople';
import type { InjectResponse, TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { openTwoProcesses, type TwoProcesses } from './helpers/secondProcess';

/*
 * Issue 47: what ends or narrows a person's sessions on process A holds on process B's very next
 * request. As in twoProcesses.test.ts, each case first reads on B (so B keeps the guard's
 * resolution and the answer), then writes on A, then reads on B again. Disabling a person and a
 * role losing a grant are proven there ("refuses a person disabled on A…", "answers 403 on B once
 * A removed the capability…"); here the rest: the last position removed, the role lowered, an
 * administrator's end-all and a person's "sign out everywhere else".
 */

const PASSWORD = 'two-process-sessions-1';

let a: TestApp;
let b: TestApp;
let processes: TwoProcesses;
beforeAll(async () => {
  processes = await openTwoProcesses();
  ({ a, b } = processes);
});
afterAll(() => processes?.close());

let people = 0;

/** A person made on A through the API (so every version it touches is bumped). */
async function newPerson(role: string) {
  const org = organisation(a);
  const email = `two.sessions.${++people}@acme.test`;
  const res = await a.injectAs(OWNER, {
    method: 'POST',
    url: '/api/user/create',
    payload: {
      firstname: 'Two',
      lastname: 'Sessions',
      email,
      password: PASSWORD,
      assigns: [{ node_id: await org.nodeId('Bondi Junction'), role_id: await org.roleId(role) }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, email };
}

/** A session of its own, signed in on `p` with a password. */
async function signIn(p: TestApp, email: string) {
  const res = await p.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

const withToken = (p: TestApp, token: string, url: string, method: 'GET' | 'DELETE' = 'GET', query = {}) =>
  p.inject({ method, url, query, headers: { authorization: `Bearer ${token}` } });
const status = async (res: Promise<InjectResponse>) => (await res).statusCode;

describe('sessions ended or narrowed on A, on B’s next request', () => {
  it('(b) answers 401 no-active-workspace on B once A moved the person’s last position to Unassigned', async () => {
    const { email } = await newPerson('Team Member');
    const token = await signIn(a, email);
    const verified = await withToken(b, token, '/api/user/verify');
    expect(verified.statusCode).toBe(200);
    expect((await withToken(b, token, '/api/user/verify')).statusCode).toBe(200);
    const positionId = (verified.json().data.position_list as { id: number }[])[0]!.id;
    const moved = await a.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/hierarchy/assign/transfer',
      payload: { ids: [positionId], node_id: await organisation(a).nodeId('Unassigned') },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await withToken(b, token, '/api/user/verify');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(NO_ACTIVE_WORKSPACE_CODE);
    // Still signed in: what needs no position (their own sessions) answers.
    expect(await status(withToken(b, token, '/api/session/list'))).toBe(200);
  });

  it('(c) answers 403 on B once A lowered the person’s role on the route the old one allowed', async () => {
    const { id, email } = await newPerson('Store Manager');
    const token = await signIn(a, email);
    const people = () => withToken(b, token, '/api/user/list?page=1&per_page=20');
    expect(await status(people())).toBe(200);
    expect(await status(people())).toBe(200);
    const org = organisation(a);
    const lowered = await a.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/user/update',
      payload: {
        id,
        firstname: 'Two',
        lastname: 'Sessions',
        assigns: [{ node_id: await org.nodeId('Bondi Junction'), role_id: await org.roleId('Team Member') }],
      },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await status(people())).toBe(403);
    expect(await status(withToken(b, token, '/api/user/verify'))).toBe(200);
  });

  it('(d) refuses on B every session an administrator ended on A', async () => {
    const { id, email } = await newPerson('Team Member');
    const tokens = [await signIn(a, email), await signIn(b, email)];
    for (const token of tokens) expect(await status(withToken(b, token, '/api/user/verify'))).toBe(200);
    const listed = await b.injectAs(OWNER, { url: '/api/admin/user/sessions', query: { id: String(id) } });
    expect(listed.json().data).toHaveLength(2);
    const ended = await a.injectAs(OWNER, {
      method: 'DELETE',
      url: '/api/admin/user/sessions',
      query: { id: String(id) },
    });
    expect(ended.json().data).toEqual({ ended: 2 });
    for (const token of tokens) expect(await status(withToken(b, token, '/api/user/verify'))).toBe(401);
    const after = await b.injectAs(OWNER, { url: '/api/admin/user/sessions', query: { id: String(id) } });
    expect(after.json().data).toEqual([]);
  });

  it('(e) refuses on B the sessions a person signed out of on A, and keeps the one that asked', async () => {
    const { email } = await newPerson('Team Member');
    const here = await signIn(a, email);
    const elsewhere = await signIn(b, email);
    for (const token of [here, elsewhere])
      expect(await status(withToken(b, token, '/api/user/verify'))).toBe(200);
    const revoked = await withToken(a, here, '/api/session/revoke', 'DELETE', { others: 'true' });
    expect(revoked.json().data).toEqual({ ended: 1 });
    expect(await status(withToken(b, elsewhere, '/api/user/verify'))).toBe(401);
    expect(await status(withToken(b, here, '/api/user/verify'))).toBe(200);
    const list = await withToken(b, here, '/api/session/list');
    expect((list.json().data as { current: boolean }[]).map((s) => s.current)).toEqual([true]);
  });
});
