import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { TooManyAttempts } from '../../server/lib/errors';
import { SignInAttempts } from '../../server/modules/session/attempts';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * Sign-in limits against someone else's abuse: a forged X-Forwarded-For does not give a fresh
 * address, and guessing (or reset mails asked for) elsewhere never locks the real owner out. Only
 * failures count against an address, so a store's staff behind one router all sign in.
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
  /** Four failed sign-ins sent through `proxy`, each forwarded for another client: their status codes. */
  const forwardedGuesses = async (app: TestApp, proxy: string) => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await loginFrom(app, proxy, `x${i}@x.test`, 'x', { 'x-forwarded-for': `203.0.113.${i}` }))
          .statusCode,
      );
    return codes;
  };

  it('is off by default: X-Forwarded-For does not make a fresh address', async () => {
    await withApp({ loginRateLimit: limits }, async (app) => {
      expect(await forwardedGuesses(app, '198.51.100.7')).toEqual([400, 400, 400, 429]);
    });
  });

  it('when on, counts the forwarded client address', async () => {
    await withApp({ loginRateLimit: limits, trustProxy: true }, async (app) => {
      expect(await forwardedGuesses(app, '10.0.0.2')).toEqual([400, 400, 400, 400]);
    });
  });

  it('when it lists the proxy, trusts only that proxy', async () => {
    await withApp({ loginRateLimit: limits, trustProxy: ['10.0.0.2'] }, async (app) => {
      expect(await forwardedGuesses(app, '10.0.0.2')).toEqual([400, 400, 400, 400]);
      expect(await forwardedGuesses(app, '10.0.0.9')).toEqual([400, 400, 400, 429]);
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

describe('the per-address limit', () => {
  const retryAfter = (res: Awaited<ReturnType<typeof loginFrom>>) => Number(res.headers['retry-after']);

  it('never counts a correct sign-in: 60 from one address within the minute all succeed', async () => {
    const people = ['owner@acme.test', 'area@acme.test', 'store@acme.test', 'staff@acme.test'];
    const codes: number[] = [];
    for (let i = 0; i < 60; i++)
      codes.push((await loginFrom(t, '203.0.113.40', people[i % people.length]!, PASSWORD)).statusCode);
    expect(codes).toEqual(Array(60).fill(200));
    // The address has no failures to its name: the next wrong password is an ordinary 400.
    expect((await loginFrom(t, '203.0.113.40', 'owner@acme.test', 'wrong')).statusCode).toBe(400);
  }, 60_000);

  it('refuses the 31st failure within the minute with 429 and Retry-After, at that address only', async () => {
    // Unknown usernames and wrong passwords both count; no username is tried often enough for
    // its own limit.
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const username = i % 2 ? `nobody-${i}@acme.test` : `${['owner', 'area', 'store'][i % 3]}@acme.test`;
      codes.push((await loginFrom(t, '203.0.113.41', username, `guess-${i}`)).statusCode);
    }
    expect(codes).toEqual(Array(30).fill(400));
    const refused = await loginFrom(t, '203.0.113.41', 'nobody-31@acme.test', 'guess-31');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(refused)).toBeLessThanOrEqual(60);
    // A correct password is a guess too until it is checked: refused while the address waits…
    expect((await loginFrom(t, '203.0.113.41', 'staff@acme.test', PASSWORD)).statusCode).toBe(429);
    // …while another address signs in.
    expect((await loginFrom(t, '203.0.113.42', 'staff@acme.test', PASSWORD)).statusCode).toBe(200);
  });

  it("clears the person's count at the address on a correct password, but not the address's failures", async () => {
    const from = '203.0.113.43';
    for (let round = 0; round < 3; round++) {
      // Nine typos each round: without the clearing, the tenth on this username would be refused.
      for (let i = 0; i < 9; i++)
        expect((await loginFrom(t, from, 'area@acme.test', `typo-${round}-${i}`)).statusCode).toBe(400);
      expect((await loginFrom(t, from, 'area@acme.test', PASSWORD)).statusCode).toBe(200);
    }
    // 27 failures and 3 correct sign-ins: three more failures reach the address's 30…
    for (let i = 0; i < 3; i++)
      expect((await loginFrom(t, from, `nobody-${i}@acme.test`, 'x')).statusCode).toBe(400);
    const refused = await loginFrom(t, from, 'area@acme.test', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('answers the per-username 429 with Retry-After too', async () => {
    for (let i = 0; i < 10; i++)
      expect((await loginFrom(t, '203.0.113.44', 'staff@acme.test', `guess-${i}`)).statusCode).toBe(400);
    const refused = await loginFrom(t, '203.0.113.44', 'staff@acme.test', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(60);
    expect(retryAfter(refused)).toBeLessThanOrEqual(15 * 60);
  });
});

describe('SignInAttempts on its own clock', () => {
  const limits = { perIpPerMinute: 3, perUsernamePer15Minutes: 100 };
  const refusal = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('lets an address try again once its minute is over, and says when', async () => {
    let now = 1_000_000;
    const attempts = new SignInAttempts(t.database.db, limits, () => now);
    for (let i = 0; i < 3; i++) await attempts.attempt('login', `u${i}`, '198.51.100.200');
    now += 20_000;
    const error = await refusal(() => attempts.attempt('login', 'u3', '198.51.100.200'));
    expect(error).toBeInstanceOf(TooManyAttempts);
    expect((error as TooManyAttempts).retryAfterSeconds).toBe(40);
    now += 40_000;
    expect(await refusal(() => attempts.attempt('login', 'u3', '198.51.100.200'))).toBeUndefined();
  });

  it('counts correct sign-ins only while they are checked', async () => {
    const attempts = new SignInAttempts(t.database.db, limits, () => 0);
    for (let i = 0; i < 50; i++) {
      await attempts.attempt('login', `u${i}`, '198.51.100.201');
      await attempts.succeeded('login', `u${i}`, '198.51.100.201');
    }
    // Three in flight at once fill the address's places until one of them proves right.
    for (let i = 0; i < 3; i++) await attempts.attempt('login', `v${i}`, '198.51.100.201');
    expect(await refusal(() => attempts.attempt('login', 'v3', '198.51.100.201'))).toBeInstanceOf(
      TooManyAttempts,
    );
    await attempts.succeeded('login', 'v0', '198.51.100.201');
    expect(await refusal(() => attempts.attempt('login', 'v3', '198.51.100.201'))).toBeUndefined();
  });

  it('keeps a username that spells another key (a line break and an address) to its own count', async () => {
    const attempts = new SignInAttempts(
      t.database.db,
      { perIpPerMinute: 1000, perUsernamePer15Minutes: 3 },
      () => 0,
    );
    // Were keys joined by line breaks, these four would count as the owner's own tries from .210.
    for (let i = 1; i <= 4; i++)
      await attempts.attempt('login', 'victim@acme.test\n198.51.100.210', `198.51.100.${220 + i}`);
    expect(
      await refusal(() => attempts.attempt('login', 'victim@acme.test', '198.51.100.210')),
    ).toBeUndefined();
  });

  it('counts an IPv6 network (/64) as one address, and forgot-password not at all', async () => {
    const attempts = new SignInAttempts(t.database.db, limits, () => 0);
    for (let i = 1; i <= 3; i++) await attempts.attempt('login', `u${i}`, `2001:db8:1:2::${i}`);
    expect(await refusal(() => attempts.attempt('login', 'u4', '2001:db8:1:2::4'))).toBeInstanceOf(
      TooManyAttempts,
    );
    expect(await refusal(() => attempts.attempt('login', 'u4', '2001:db8:1:3::4'))).toBeUndefined();
    for (let i = 0; i < 5; i++) await attempts.attempt('forgot', `f${i}`, '198.51.100.202');
    expect(await refusal(() => attempts.attempt('login', 'f0', '198.51.100.202'))).toBeUndefined();
  });
});
