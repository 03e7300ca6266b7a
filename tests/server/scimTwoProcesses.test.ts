import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER } from './helpers/acmePeople';
import type { TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { scimKit } from './helpers/scim';
import { openTwoProcesses, type TwoProcesses } from './helpers/secondProcess';

/*
 * Issue 47: a leaver's access ends when the directory says so, on every process. The directory
 * deactivates a person through process A; the person's session, which process B has just answered
 * (and keeps the guard's resolution of), is refused on B's very next request.
 */

const PASSWORD = 'scim-two-processes-1';

let a: TestApp;
let b: TestApp;
let processes: TwoProcesses;
beforeAll(async () => {
  processes = await openTwoProcesses();
  ({ a, b } = processes);
});
afterAll(() => processes?.close());

describe('the directory deactivates a person on A', () => {
  it('refuses their session on B’s next request, by PATCH active "False" as Entra ID sends it', async () => {
    const org = organisation(a);
    const email = 'scim.leaver@acme.test';
    const made = await a.injectAs(OWNER, {
      method: 'POST',
      url: '/api/user/create',
      payload: {
        firstname: 'Leaving',
        lastname: 'Soon',
        email,
        password: PASSWORD,
        assigns: [{ node_id: await org.nodeId('Bondi Junction'), role_id: await org.roleId('Team Member') }],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    const login = await a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json().data.token as string;
    const verify = () =>
      b.inject({ url: '/api/user/verify', headers: { authorization: `Bearer ${session}` } });
    // Twice on B: the second answer comes from what B keeps.
    expect((await verify()).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(200);

    const s = scimKit(a);
    const { token } = await s.tokenOf(OWNER, 'Entra ID');
    const found = (
      await s.call(token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`)
    ).json();
    expect(found.Resources[0].id).toBe(String(id));
    const off = await s.patch(token, `/Users/${id}`, [{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(off.statusCode, off.body).toBe(200);

    expect((await verify()).statusCode).toBe(401);
    // And B's SCIM answers agree with A's write.
    const bScim = scimKit(b);
    expect((await bScim.call(token, 'GET', `/Users/${id}`)).json().active).toBe(false);
  });
});
