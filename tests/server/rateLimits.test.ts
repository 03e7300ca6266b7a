import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenCreated } from '../../contract/api/tokens';
import { API_RATE_LIMITS, type ApiRateLimits, loadConfig } from '../../server/config';
import { OWNER } from './helpers/acmePeople';
import type { InjectOptions, InjectResponse, TestApp } from './helpers/app';
import { openTwoProcesses, type TwoProcesses } from './helpers/secondProcess';

/*
 * Issue 46: requests made with API tokens are counted per token and per tenant (all its tokens
 * together), per route group, in the shared windows every API process counts in. Every answer to
 * a token's request says where it stands (RateLimit-Limit, -Remaining, -Reset); past a limit the
 * answer is 429 with Retry-After. The limits here are tiny (configuration), so nothing waits.
 */

const LIMITS: ApiRateLimits = {
  read: { perToken: 3, perTenant: 5 },
  write: { perToken: 2, perTenant: 50 },
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

async function tokenOf(name: string, scopes: string[], as = OWNER) {
  const res = await a.injectAs(as, { method: 'POST', url: '/api/token/create', payload: { name, scopes } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as TokenCreated).token;
}

const withToken = (p: TestApp, token: string, options: InjectOptions): Promise<InjectResponse> =>
  p.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });

const standing = (res: InjectResponse) => ({
  limit: Number(res.headers['ratelimit-limit']),
  remaining: Number(res.headers['ratelimit-remaining']),
  reset: Number(res.headers['ratelimit-reset']),
});

describe('rate limits of API tokens', () => {
  it('are counted across processes, answered on every answer, and refused past the token’s limit with 429', async () => {
    const token = await tokenOf('Counted', ['workspace.read']);
    const first = await withToken(a, token, { url: '/api/workspace/list' });
    expect(first.statusCode).toBe(200);
    expect(standing(first)).toMatchObject({ limit: 3, remaining: 2 });
    expect(standing(first).reset).toBeGreaterThan(0);
    expect(standing(first).reset).toBeLessThanOrEqual(WINDOW_SECONDS);
    // Another process counts in the same window; an answer refused for scope is counted and says so too.
    const second = await withToken(b, token, { url: '/api/user/list' });
    expect(second.statusCode).toBe(403);
    expect(standing(second)).toMatchObject({ limit: 3, remaining: 1 });
    const third = await withToken(a, token, { url: '/api/workspace/list' });
    expect(standing(third)).toMatchObject({ limit: 3, remaining: 0 });

    const over = await withToken(b, token, { url: '/api/workspace/list' });
    expect(over.statusCode).toBe(429);
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(standing(over)).toMatchObject({ limit: 3, remaining: 0, reset: retry });
    expect(over.json()).toMatchObject({ status: 429 });
    expect(over.json().message).toBe(
      `This API token has made its 3 requests of this minute for these routes. Try again in ${retry} seconds.`,
    );
  });

  it('count all of a tenant’s tokens together, and a refused request uses up nothing', async () => {
    // The tenant's reads so far: 3 counted (the 429 above was taken back); 2 remain to share.
    const other = await tokenOf('Shared', ['workspace.read']);
    const one = await withToken(b, other, { url: '/api/workspace/list' });
    expect(standing(one)).toMatchObject({ limit: 5, remaining: 1 });
    expect((await withToken(a, other, { url: '/api/workspace/list' })).statusCode).toBe(200);
    const over = await withToken(b, other, { url: '/api/workspace/list' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(
      /^Your organisation’s API tokens together have made their 5 requests/,
    );
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('count writes apart from reads, and other tenants apart', async () => {
    const writer = await tokenOf('Writer', ['department.create', 'department.read']);
    const write = (name: string) =>
      withToken(a, writer, {
        method: 'POST',
        url: '/api/department/create',
        payload: { name, colour: '#1565c0' },
      });
    const made = await write('Made by a program');
    expect(made.statusCode, made.body).toBe(200);
    expect(standing(made)).toMatchObject({ limit: 2, remaining: 1 });
    expect((await write('Second')).statusCode).toBe(200);
    const over = await write('Third');
    expect(over.statusCode).toBe(429);
    // Refused before the handler: nothing written.
    const list = await a.injectAs(OWNER, { url: '/api/department/list', query: { q: 'Third' } });
    expect(list.json().data.data).toEqual([]);

    const globex = await tokenOf('Globex reads', ['workspace.read'], 'owner@globex.test');
    const theirs = await withToken(b, globex, { url: '/api/workspace/list' });
    expect(theirs.statusCode).toBe(200);
    expect(standing(theirs)).toMatchObject({ limit: 3, remaining: 2 });
  });

  it('leave the web app’s session requests alone: no headers, no count', async () => {
    for (let i = 0; i < 8; i += 1) {
      const res = await a.injectAs(OWNER, { url: '/api/workspace/list' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('the published limits', () => {
  it('come from one table, each limit set by its environment variable', () => {
    const env = Object.fromEntries(
      API_RATE_LIMITS.flatMap((row, i) => [
        [row.perToken.variable, String(10 + i)],
        [row.perTenant.variable, String(100 + i)],
      ]),
    );
    const { apiRateLimits } = loadConfig(env);
    expect(API_RATE_LIMITS.map((row) => apiRateLimits[row.group])).toEqual(
      API_RATE_LIMITS.map((_, i) => ({ perToken: 10 + i, perTenant: 100 + i })),
    );
    expect(loadConfig({}).apiRateLimits.read).toEqual({
      perToken: API_RATE_LIMITS[0].perToken.default,
      perTenant: API_RATE_LIMITS[0].perTenant.default,
    });
    expect(() => loadConfig({ API_LIMIT_READ_PER_TOKEN: 'lots' })).toThrow(/API_LIMIT_READ_PER_TOKEN/);
  });
});
