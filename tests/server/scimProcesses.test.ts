import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRateLimits } from '../../server/config';
import { OWNER } from './helpers/acmePeople';
import type { TestApp } from './helpers/app';
import { expectScimError, scimKit } from './helpers/scim';
import { openTwoProcesses, type TwoProcesses } from './helpers/secondProcess';
import { onPostgres } from './helpers/target';

/*
 * Issue 47 across API processes: the directory's writes on one process show on the other at its
 * next request (a leaver's session is refused there at once), its requests are counted in the
 * windows every process shares, and a userName is taken once however many requests race for it.
 */

const LIMITS: ApiRateLimits = {
  read: { perToken: 3, perTenant: 1000 },
  write: { perToken: 50, perTenant: 1000 },
  import: { perToken: 1, perTenant: 1 },
};
/** An hour: every count this file makes stays in its window, however slowly the machine runs. */
const WINDOW_SECONDS = 3600;

let processes: TwoProcesses;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  processes = await openTwoProcesses(() => ({ apiRateLimits: LIMITS, apiRateWindowSeconds: WINDOW_SECONDS }));
  ({ a, b } = processes);
});
afterAll(() => processes?.close());

describe('two API processes', () => {
  it('refuses a person deactivated on one process at their next request on the other', async () => {
    const sa = scimKit(a);
    const token = (await sa.tokenOf(OWNER, 'Entra ID')).token;
    const person = await sa.createUser(token, 'leaver@acme.test');
    // Placed by hand where staff@acme.test works, so that they may sign in and use the app.
    const store = await a.injectAs(OWNER, {
      url: '/api/user/get',
      query: { id: (await a.userByUsername('staff@acme.test')).id },
    });
    const assigns = store.json().data.assigns.map((p: { node_id: number; role_id: number }) => ({
      node_id: p.node_id,
      role_id: p.role_id,
    }));
    const update = await a.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/user/update',
      payload: { id: Number(person.id), firstname: 'Lee', lastname: 'Leaver', force_reset: false, assigns },
    });
    expect(update.statusCode, update.body).toBe(200);
    // Their session is verified (and its answer kept) on process b first.
    expect((await b.injectAs('leaver@acme.test', { url: '/api/user/verify' })).statusCode).toBe(200);
    const off = await sa.patch(token, `/Users/${person.id}`, [
      { op: 'Replace', path: 'active', value: 'False' },
    ]);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    const after = await b.injectAs('leaver@acme.test', { url: '/api/user/verify' });
    expect(after.statusCode).toBe(401);
  });

  it('counts a SCIM token’s requests on every process, answering 429 as a SCIM error with Retry-After', async () => {
    const token = (await scimKit(a).tokenOf(OWNER, 'Okta')).token;
    const [ka, kb] = [scimKit(a), scimKit(b)];
    expect((await ka.call(token, 'GET', '/Users?count=1')).statusCode).toBe(200);
    expect((await kb.call(token, 'GET', '/Users?count=1')).statusCode).toBe(200);
    expect((await ka.call(token, 'GET', '/ServiceProviderConfig')).statusCode).toBe(200);
    const over = await kb.call(token, 'GET', '/Users?count=1');
    const error = expectScimError(over, 429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(error.detail).toContain('SCIM token');
    // Another directory of the tenant has its own count.
    const other = (await scimKit(a).tokenOf(OWNER, 'Google')).token;
    expect((await kb.call(other, 'GET', '/Users?count=1')).statusCode).toBe(200);
  });
});

describe.runIf(onPostgres)('concurrent creations on PostgreSQL', () => {
  it('creates a userName once when the directory’s POSTs race: one 201, the others 409 uniqueness', async () => {
    const sa = scimKit(a);
    const sb = scimKit(b);
    const token = (await sa.tokenOf(OWNER, 'Racing directory')).token;
    const body = sa.userBody('raced.person@acme.test');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? sb : sa).call(token, 'POST', '/Users', body)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expectScimError(refused, 409, 'uniqueness');
    const found = await sa.call(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "RACED.person@acme.test"')}`,
    );
    expect(found.json().totalResults).toBe(1);
  });
});
