import { and, eq, sql } from 'drizzle-orm';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import type { DemoIdentityProvider } from '../../server/cli/demoIdentityProvider';
import {
  hierarchyNodes,
  roles,
  sessions,
  ssoConfigs,
  ssoDomains,
  tenants,
  users,
} from '../../server/db/schema';
import { startSession } from '../../server/modules/session/service';
import { OWNER } from './helpers/acmePeople';
import { createTestApp, openTestDatabase, type TestApp, testConfig } from './helpers/app';
import {
  cookieValue,
  ProviderBrowser,
  SSO_CALLBACK,
  SSO_CLIENT_ID,
  SSO_CLIENT_SECRET,
  SSO_PUBLIC_URL,
  startTestProvider,
} from './helpers/sso';
import { onPostgres } from './helpers/target';

/*
 * Single sign-on against a real OpenID Connect provider: oidc-provider runs in this process on a
 * loopback port with its own login page, and the app talks to it through openid-client as it would
 * to Entra ID or Okta.
 */

const SECRET_KEY = 'sso-test-secret-key-of-at-least-32-characters';
const GLOBEX_OWNER = 'owner@globex.test';

let t: TestApp;
let idp: DemoIdentityProvider;
/** Emails the provider says it has not verified. */
const unverified = new Set<string>();
/** When set, the provider's token answer carries an ID token changed after it was signed. */
let forgeIdToken = false;

beforeAll(async () => {
  idp = await startTestProvider((login) => ({
    email: login,
    email_verified: !unverified.has(login),
    name: 'Olivia',
  }));
  idp.provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (forgeIdToken && ctx.path === '/token' && body?.id_token) {
      // Someone between the provider and Storeline names another person in a token signed for the first.
      const [header, payload, signature] = body.id_token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      claims.email = 'area@acme.test';
      body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join(
        '.',
      );
    }
  });
  t = await createTestApp({ publicUrl: SSO_PUBLIC_URL, secretKey: SECRET_KEY });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

beforeEach(() => {
  unverified.clear();
  forgeIdToken = false;
});

const acmeConfig = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  provider_name: 'Acme Login',
  issuer: idp.issuer,
  client_id: SSO_CLIENT_ID,
  client_secret: SSO_CLIENT_SECRET,
  email_domains: ['acme.test'],
  sso_only: false,
  break_glass_usernames: [],
  create_users: { enabled: false, node_id: null, role_id: null },
  ...overrides,
});

async function configureAcme(overrides: Record<string, unknown> = {}) {
  const res = await t.injectAs(OWNER, {
    method: 'PUT',
    url: '/api/sso/config',
    payload: acmeConfig(overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Starts a sign-in on `app` for `username`: the provider's address and the state cookie. */
async function start(app: App, username: string) {
  const res = await app.inject({ url: `/api/sso/start?username=${encodeURIComponent(username)}` });
  expect(res.statusCode, res.body).toBe(302);
  const cookie = cookieValue(res, 'storeline_sso');
  return { location: res.headers.location as string, cookie };
}

/** The browser's return to the callback (the path and query of the provider's redirect). */
function callback(app: App, url: URL, cookie: string | undefined) {
  return app.inject({
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie: `storeline_sso=${encodeURIComponent(cookie)}` } : {},
  });
}

/** A whole sign-in as `login` at the provider, started for `username` on the sign-in page. */
async function signIn(login: string, username = login, app: App = t.app) {
  const started = await start(app, username);
  const back = await new ProviderBrowser(idp.issuer).signIn(started.location, login);
  return { response: await callback(app, back, started.cookie), back, started };
}

async function sessionCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
  return row!.n;
}

async function verifyAs(token: string) {
  return t.inject({ url: '/api/user/verify', headers: { authorization: `Bearer ${token}` } });
}

describe('configuration', () => {
  it('is read and written by the tenant’s administrators; the secret is sealed and never read back', async () => {
    const empty = await t.injectAs(OWNER, { url: '/api/sso/config' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({
      enabled: false,
      client_secret_set: false,
      callback_url: SSO_CALLBACK,
    });

    const saved = await configureAcme();
    expect(saved).toMatchObject({ enabled: true, client_secret_set: true, email_domains: ['acme.test'] });
    expect(JSON.stringify(saved)).not.toContain(SSO_CLIENT_SECRET);

    const [row] = await t.database.db.select().from(ssoConfigs);
    expect(row!.clientSecretSealed).toBeTruthy();
    expect(row!.clientSecretSealed).not.toContain(SSO_CLIENT_SECRET);

    // Without a secret in the body the stored one stays.
    const { client_secret: _, ...withoutSecret } = acmeConfig({ provider_name: 'Acme SSO' });
    const again = await t.injectAs(OWNER, { method: 'PUT', url: '/api/sso/config', payload: withoutSecret });
    expect(again.json().data).toMatchObject({ provider_name: 'Acme SSO', client_secret_set: true });
    await configureAcme();
  });

  it('refuses an incomplete or unsafe configuration in words, writing nothing', async () => {
    await configureAcme();
    const before = await t.injectAs(OWNER, { url: '/api/sso/config' });
    const cases: [Record<string, unknown>, string][] = [
      [{ issuer: 'http://login.example.com' }, 'issuer'],
      [{ issuer: '' }, 'issuer'],
      [{ client_id: '' }, 'client_id'],
      [{ email_domains: ['not a domain'] }, 'email_domains'],
      [{ sso_only: true, break_glass_usernames: [] }, 'break_glass_usernames'],
      [{ break_glass_usernames: ['nobody@acme.test'] }, 'break_glass_usernames'],
      [{ create_users: { enabled: true, node_id: null, role_id: null } }, 'create_users'],
      [{ create_users: { enabled: true, node_id: 999999, role_id: 1 } }, 'create_users'],
    ];
    for (const [overrides, field] of cases) {
      const res = await t.injectAs(OWNER, {
        method: 'PUT',
        url: '/api/sso/config',
        payload: acmeConfig(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(overrides)).toMatch(/\w+ \w+/);
    }
    expect((await t.injectAs(OWNER, { url: '/api/sso/config' })).json()).toEqual(before.json());
  });

  it('is not for people without setting.update', async () => {
    expect((await t.injectAs('staff@acme.test', { url: '/api/sso/config' })).statusCode).toBe(403);
    const put = await t.injectAs('staff@acme.test', {
      method: 'PUT',
      url: '/api/sso/config',
      payload: acmeConfig(),
    });
    expect(put.statusCode).toBe(403);
  });

  it('Globex reads its own, cannot claim Acme’s domain, and leaves Acme’s alone', async () => {
    await configureAcme();
    const globex = await t.injectAs(GLOBEX_OWNER, { url: '/api/sso/config' });
    expect(globex.statusCode).toBe(200);
    expect(globex.json().data).toMatchObject({ enabled: false, issuer: '', email_domains: [] });

    const claim = await t.injectAs(GLOBEX_OWNER, {
      method: 'PUT',
      url: '/api/sso/config',
      payload: acmeConfig({ provider_name: 'Globex', email_domains: ['globex.test', 'acme.test'] }),
    });
    expect(claim.statusCode).toBe(400);
    expect(claim.json().errors.email_domains).toContain('acme.test');

    const mine = await t.injectAs(GLOBEX_OWNER, {
      method: 'PUT',
      url: '/api/sso/config',
      payload: acmeConfig({
        enabled: false,
        provider_name: 'Globex',
        issuer: '',
        email_domains: ['globex.test'],
      }),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const acme = (await t.injectAs(OWNER, { url: '/api/sso/config' })).json().data;
    expect(acme).toMatchObject({ enabled: true, provider_name: 'Acme Login', email_domains: ['acme.test'] });
  });

  it('tests an issuer by its discovery document and says what is wrong', async () => {
    const good = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/sso/test',
      payload: { issuer: idp.issuer },
    });
    expect(good.json().data).toMatchObject({ ok: true });

    const wrongPath = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/sso/test',
      payload: { issuer: `${idp.issuer}/elsewhere` },
    });
    expect(wrongPath.json().data.ok).toBe(false);
    expect(wrongPath.json().data.message).toMatch(/HTTP 404|names another issuer/);

    const insecure = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/sso/test',
      payload: { issuer: 'http://login.example.com' },
    });
    expect(insecure.json().data).toEqual({ ok: false, message: expect.stringContaining('https://') });

    const down = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/sso/test',
      payload: { issuer: 'http://127.0.0.1:9' },
    });
    expect(down.json().data).toEqual({
      ok: false,
      message: expect.stringMatching(/Nothing answers|Could not reach/),
    });
  });
});

describe('discover', () => {
  it('answers from the domain alone: a known person and an unknown one get the same answer', async () => {
    await configureAcme();
    const known = await t.inject({ url: '/api/sso/discover?username=owner@acme.test' });
    const unknown = await t.inject({ url: '/api/sso/discover?username=nobody@acme.test' });
    expect(known.json().data).toEqual({
      sso: true,
      start_url: '/api/sso/start?username=owner%40acme.test',
      provider_name: 'Acme Login',
      password: true,
    });
    expect({ ...unknown.json().data, start_url: '' }).toEqual({ ...known.json().data, start_url: '' });
    const other = await t.inject({ url: '/api/sso/discover?username=someone@elsewhere.test' });
    expect(other.json().data).toEqual({ sso: false, start_url: null, provider_name: null, password: true });
  });
});

describe('sign-in through the provider', () => {
  beforeAll(async () => {
    await configureAcme();
  });

  it('signs the owner in with the same session cookie as a password sign-in', async () => {
    const { started, response } = await signIn(OWNER);
    const auth = new URL(started.location);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('redirect_uri')).toBe(SSO_CALLBACK);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const token = cookieValue(response, 'user_access_token');
    expect(token).toBeTruthy();
    const verify = await verifyAs(token!);
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.username).toBe(OWNER);
  });

  it('sends an unknown address to the spec’s error, with no session', async () => {
    const before = await sessionCount();
    const { response } = await signIn('nobody@acme.test');
    expect(response.headers.location).toBe('/login?error=sso_user_not_found');
    expect(cookieValue(response, 'user_access_token')).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an ID token changed after the provider signed it', async () => {
    const before = await sessionCount();
    forgeIdToken = true;
    const { response } = await signIn(OWNER);
    expect(response.headers.location).toBe('/login?error=sso_token');
    expect(cookieValue(response, 'user_access_token')).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('takes a callback once: the same return again, or its code with another sign-in’s state, is refused', async () => {
    const first = await signIn(OWNER);
    expect(first.response.headers.location).toBe('/');
    const before = await sessionCount();

    const again = await callback(t.app, first.back, first.started.cookie);
    expect(again.headers.location).toBe('/login?error=sso_state');

    // A fresh sign-in's state with the used code: the provider refuses the code.
    const fresh = await start(t.app, OWNER);
    const freshState = new URL(fresh.location).searchParams.get('state')!;
    const replay = new URL(first.back);
    replay.searchParams.set('state', freshState);
    const replayed = await callback(t.app, replay, fresh.cookie);
    expect(replayed.headers.location).toBe('/login?error=sso_code');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a state this browser did not start, or no state cookie at all', async () => {
    const before = await sessionCount();
    const mine = await start(t.app, OWNER);
    const theirs = await start(t.app, OWNER);
    const back = await new ProviderBrowser(idp.issuer).signIn(theirs.location, OWNER);
    expect((await callback(t.app, back, mine.cookie)).headers.location).toBe('/login?error=sso_state');
    expect((await callback(t.app, back, undefined)).headers.location).toBe('/login?error=sso_state');
    expect(await sessionCount()).toBe(before);
  });

  it('requires an e-mail the provider has verified', async () => {
    unverified.add(OWNER);
    const { response } = await signIn(OWNER);
    expect(response.headers.location).toBe('/login?error=sso_email_unverified');
  });

  it('refuses a disabled person and a disabled tenant', async () => {
    const db = t.database.db;
    const staff = await t.userByUsername('staff@acme.test');
    await db
      .update(users)
      .set({ enabled: false })
      .where(and(eq(users.tenantId, staff.tenantId), eq(users.id, staff.id)));
    try {
      expect((await signIn('staff@acme.test')).response.headers.location).toBe(
        '/login?error=sso_user_disabled',
      );
    } finally {
      await db
        .update(users)
        .set({ enabled: true })
        .where(and(eq(users.tenantId, staff.tenantId), eq(users.id, staff.id)));
    }

    // Disabled while the person is at the provider.
    const started = await start(t.app, OWNER);
    const back = await new ProviderBrowser(idp.issuer).signIn(started.location, OWNER);
    await db.update(tenants).set({ enabled: false }).where(eq(tenants.id, staff.tenantId));
    try {
      expect((await callback(t.app, back, started.cookie)).headers.location).toBe(
        '/login?error=sso_tenant_disabled',
      );
      const refused = await t.inject({ url: `/api/sso/start?username=${OWNER}` });
      expect(refused.headers.location).toBe('/login?error=sso_tenant_disabled');
    } finally {
      await db.update(tenants).set({ enabled: true }).where(eq(tenants.id, staff.tenantId));
    }
  });

  it('an Acme provider cannot sign anyone into Globex', async () => {
    const before = await sessionCount();
    // Acme's provider vouches for a Globex address: Acme's sign-in looks in Acme only.
    const { response } = await signIn(GLOBEX_OWNER, OWNER);
    expect(response.headers.location).toBe('/login?error=sso_user_not_found');

    // A state cookie rewritten to name Globex finds no sign-in there.
    const started = await start(t.app, OWNER);
    const back = await new ProviderBrowser(idp.issuer).signIn(started.location, GLOBEX_OWNER);
    const [globex] = await t.database.db.select().from(tenants).where(eq(tenants.identifier, 'globex'));
    const forged = `${globex!.id}.${started.cookie!.split('.').slice(1).join('.')}`;
    expect((await callback(t.app, back, forged)).headers.location).toBe('/login?error=sso_state');
    expect(await sessionCount()).toBe(before);
  });

  it('sends a provider that is down back to the sign-in page in words', async () => {
    const { client_secret: _, ...rest } = acmeConfig({ issuer: 'http://127.0.0.1:9' });
    await t.injectAs(OWNER, { method: 'PUT', url: '/api/sso/config', payload: rest });
    try {
      const res = await t.inject({ url: `/api/sso/start?username=${OWNER}` });
      expect(res.headers.location).toBe('/login?error=sso_provider');
    } finally {
      await configureAcme();
    }
  });
});

describe('two API processes', () => {
  it('keeps nothing in process memory: a sign-in started on one process finishes on the other', async () => {
    const db = await openTestDatabase();
    const second = onPostgres ? await db.connectAgain() : db.database;
    const config = testConfig({ publicUrl: SSO_PUBLIC_URL, secretKey: SECRET_KEY });
    const a = await buildApp({ config, database: db.database, logger: false });
    const b = await buildApp({ config, database: second, logger: false });
    try {
      const [owner] = await db.database.db.select().from(users).where(eq(users.username, OWNER));
      const token = await startSession(db.database.db, owner!.tenantId, owner!.id);
      const put = await a.inject({
        method: 'PUT',
        url: '/api/sso/config',
        payload: acmeConfig(),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(put.statusCode, put.body).toBe(200);
      const started = await start(a, OWNER);
      const back = await new ProviderBrowser(idp.issuer).signIn(started.location, OWNER);
      const response = await callback(b, back, started.cookie);
      expect(response.headers.location).toBe('/');
      const verify = await a.inject({
        url: '/api/user/verify',
        headers: { authorization: `Bearer ${cookieValue(response, 'user_access_token')}` },
      });
      expect(verify.statusCode).toBe(200);
    } finally {
      await b.close();
      await a.close();
      if (second !== db.database) await second.close();
      await db.database.close();
      await db.drop();
    }
  });
});

describe('password sign-in when the provider is the only way', () => {
  it('refuses a password for the domain’s people, except the break-glass administrators', async () => {
    await configureAcme({ sso_only: true, break_glass_usernames: [OWNER] });
    try {
      const password = 'storeline-demo';
      const area = await t.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'area@acme.test', password },
      });
      expect(area.statusCode).toBe(403);
      expect(area.json().message).toContain('Continue with Acme Login');
      const owner = await t.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: OWNER, password },
      });
      expect(owner.statusCode).toBe(200);
      const discover = await t.inject({ url: '/api/sso/discover?username=area@acme.test' });
      expect(discover.json().data).toMatchObject({ sso: true, password: false });
    } finally {
      await configureAcme();
    }
  });
});

/** SSO with create_users on: a new person is added at Acme's root with the tenant's first role. */
async function addNewcomersAtTheRoot() {
  const db = t.database.db;
  const acme = await t.userByUsername(OWNER);
  const [root] = await db
    .select()
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, acme.tenantId), eq(hierarchyNodes.type, 'root')));
  const [role] = await db.select().from(roles).where(eq(roles.tenantId, acme.tenantId)).limit(1);
  await configureAcme({ create_users: { enabled: true, node_id: root!.id, role_id: role!.id } });
}

describe('first sign-in of a new person', () => {
  it('adds them at the configured place and role when create_users is on', async () => {
    await addNewcomersAtTheRoot();
    try {
      const { response } = await signIn('newcomer@acme.test');
      expect(response.headers.location).toBe('/');
      const verify = await verifyAs(cookieValue(response, 'user_access_token')!);
      expect(verify.statusCode).toBe(200);
      expect(verify.json().data).toMatchObject({ username: 'newcomer@acme.test', firstname: 'Olivia' });
      expect(verify.json().data.position_list).toHaveLength(1);
    } finally {
      await configureAcme();
    }
  });
});

describe('at the same moment', () => {
  it('two tenants claiming one domain: one gets it, the other is told, the domain has one owner', async () => {
    await configureAcme();
    const body = (name: string, domain: string) => ({
      ...acmeConfig({ enabled: false, provider_name: name, issuer: '' }),
      email_domains: [domain],
    });
    for (let round = 0; round < 3; round++) {
      const domain = `race${round}.test`;
      const [acme, globex] = await Promise.all([
        t.injectAs(OWNER, { method: 'PUT', url: '/api/sso/config', payload: body('Acme', domain) }),
        t.injectAs(GLOBEX_OWNER, { method: 'PUT', url: '/api/sso/config', payload: body('Globex', domain) }),
      ]);
      const codes = [acme.statusCode, globex.statusCode].sort();
      expect(codes[0], `${acme.body} ${globex.body}`).toBe(200);
      expect([400, 409]).toContain(codes[1]);
      const loser = acme.statusCode === 200 ? globex : acme;
      expect(loser.json().errors.email_domains).toContain('Another organisation');
      const owners = await t.database.db.select().from(ssoDomains).where(eq(ssoDomains.domain, domain));
      expect(owners).toHaveLength(1);
    }
    await t.injectAs(GLOBEX_OWNER, {
      method: 'PUT',
      url: '/api/sso/config',
      payload: { ...body('Globex', 'globex.test'), email_domains: [] },
    });
    await configureAcme();
  });

  it('one tenant saving twice at once keeps one whole configuration', async () => {
    const [first, second] = await Promise.all([
      t.injectAs(OWNER, {
        method: 'PUT',
        url: '/api/sso/config',
        payload: acmeConfig({ provider_name: 'One' }),
      }),
      t.injectAs(OWNER, {
        method: 'PUT',
        url: '/api/sso/config',
        payload: acmeConfig({ provider_name: 'Two' }),
      }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const config = (await t.injectAs(OWNER, { url: '/api/sso/config' })).json().data;
    expect(['One', 'Two']).toContain(config.provider_name);
    expect(config.email_domains).toEqual(['acme.test']);
    await configureAcme();
  });

  it('a new person signing in from two tabs at once is added once', async () => {
    await addNewcomersAtTheRoot();
    try {
      const email = 'twotabs@acme.test';
      const tabs = await Promise.all(
        [0, 1].map(async () => {
          const started = await start(t.app, email);
          const back = await new ProviderBrowser(idp.issuer).signIn(started.location, email);
          return { started, back };
        }),
      );
      const responses = await Promise.all(tabs.map((tab) => callback(t.app, tab.back, tab.started.cookie)));
      expect(responses.map((r) => r.headers.location)).toEqual(['/', '/']);
      const added = await t.database.db.select().from(users).where(eq(users.username, email));
      expect(added).toHaveLength(1);
    } finally {
      await configureAcme();
    }
  });
});
