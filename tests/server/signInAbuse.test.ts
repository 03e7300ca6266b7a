import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * Sign-in limits against someone else's abuse: a forged X-Forwarded-For does not give a fresh
 * address, and guessing (or reset mails asked for) elsewhere never locks the real owner out.
 */
const PASSWORD = 'storeline-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function loginFrom(app: TestApp, address: string, username: string, password: string, headers = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    headers,
    payload: { username, password },
  });
}

const forgotFrom = (address: string, username: string) =>
  t.app.inject({ method: 'POST', url: '/api/passwordforgot', remoteAddress: address, payload: { username } });

async function withApp(overrides: Partial<Config>, run: (app: TestApp) => Promise<void>) {
  const app = await createTestApp(overrides);
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  const limits = { perIpPerMinute: 3, perUsernamePer15Minutes: 100 };

  it('is off by default: X-Forwarded-For does not make a fresh address', async () => {
    await withApp({ loginRateLimit: limits }, async (app) => {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await loginFrom(app, '198.51.100.7', `x${i}@x.test`, 'x', { 'x-forwarded-for': `203.0.113.${i}` }))
            .statusCode,
        );
      expect(codes).toEqual([400, 400, 400, 429]);
    });
  });

  it('when on, counts the forwarded client address', async () => {
    await withApp({ loginRateLimit: limits, trustProxy: true }, async (app) => {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await loginFrom(app, '10.0.0.2', `x${i}@x.test`, 'x', { 'x-forwarded-for': `203.0.113.${i}` }))
            .statusCode,
        );
      expect(codes).toEqual([400, 400, 400, 400]);
    });
  });

  it('when it lists the proxy, trusts only that proxy', async () => {
    await withApp({ loginRateLimit: limits, trustProxy: ['10.0.0.2'] }, async (app) => {
      const from = async (proxy: string) => {
        const codes = [];
        for (let i = 0; i < 4; i++)
          codes.push(
            (await loginFrom(app, proxy, `x${i}@x.test`, 'x', { 'x-forwarded-for': `203.0.113.${i}` }))
              .statusCode,
          );
        return codes;
      };
      expect(await from('10.0.0.2')).toEqual([400, 400, 400, 400]);
      expect(await from('10.0.0.9')).toEqual([400, 400, 400, 429]);
    });
  });
});

describe('the per-username limit', () => {
  it('stops the guessing address, not the owner signing in from elsewhere', async () => {
    for (let i = 0; i < 10; i++)
      expect((await loginFrom(t, '198.51.100.1', 'owner@acme.test', `guess-${i}`)).statusCode).toBe(400);
    const guesser = await loginFrom(t, '198.51.100.1', 'owner@acme.test', PASSWORD);
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json().message).toMatch(/Too many attempts\. Please wait 15 minutes/);
    expect((await loginFrom(t, '192.0.2.10', 'owner@acme.test', PASSWORD)).statusCode).toBe(200);
  });

  it('has a ceiling for guesses spread over many addresses that still lets a clean address in', async () => {
    await withApp({ loginRateLimit: { perIpPerMinute: 100, perUsernamePer15Minutes: 2 } }, async (app) => {
      // Ten addresses guessing twice each reach the ceiling (10 × the per-address limit).
      for (let a = 0; a < 10; a++)
        for (let i = 0; i < 2; i++)
          expect((await loginFrom(app, `198.51.100.${20 + a}`, 'area@acme.test', `g${i}`)).statusCode).toBe(
            400,
          );
      // A new address gets one try; once it has failed, the ceiling stops it…
      expect((await loginFrom(app, '198.51.100.99', 'area@acme.test', 'nope')).statusCode).toBe(400);
      expect((await loginFrom(app, '198.51.100.99', 'area@acme.test', PASSWORD)).statusCode).toBe(429);
      // …while the owner of the account at an address with no failures signs in.
      expect((await loginFrom(app, '192.0.2.11', 'area@acme.test', PASSWORD)).statusCode).toBe(200);
    });
  });

  it('forgives an address its failures once its password is right', async () => {
    for (let i = 0; i < 9; i++)
      expect((await loginFrom(t, '198.51.100.50', 'store@acme.test', `typo-${i}`)).statusCode).toBe(400);
    expect((await loginFrom(t, '198.51.100.50', 'store@acme.test', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await loginFrom(t, '198.51.100.50', 'store@acme.test', `typo-${i}`)).statusCode).toBe(400);
    expect((await loginFrom(t, '198.51.100.50', 'store@acme.test', PASSWORD)).statusCode).toBe(200);
  });

  it('counts forgot-password apart: reset mails asked for elsewhere block neither mail nor sign-in', async () => {
    for (let i = 0; i < 10; i++)
      expect((await forgotFrom('198.51.100.60', 'staff@acme.test')).statusCode).toBe(200);
    expect((await forgotFrom('198.51.100.60', 'staff@acme.test')).statusCode).toBe(429);
    expect((await forgotFrom('192.0.2.12', 'staff@acme.test')).statusCode).toBe(200);
    expect((await loginFrom(t, '198.51.100.60', 'staff@acme.test', PASSWORD)).statusCode).toBe(200);
  });
});
