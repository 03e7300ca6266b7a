import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hierarchyNodes, positions, tenants } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and documentation', () => {
  it('reports the database it reached', async () => {
    const res = await t.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.database).toMatch(/pglite|postgres/);
  });

  it('serves an OpenAPI document describing every route with its schemas', async () => {
    const res = await t.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/user/verify',
        '/api/logout',
        '/api/passwordforgot',
        '/api/passwordreset',
        '/api/theme/list',
      ]),
    );
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });

  it('sends security headers without upgrade-insecure-requests', async () => {
    const res = await t.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('turns a malformed JSON body into a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
  });
});

describe('the guard', () => {
  it('accepts X-Position-Id naming one of the caller’s positions', async () => {
    const verify = (await t.injectAs('store@acme.test', { url: '/api/user/verify' })).json().data;
    const positionId = verify.position_list[0].id;
    const res = await t.injectAs('store@acme.test', {
      url: '/api/user/verify',
      headers: { 'x-position-id': String(positionId) },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses X-Position-Id naming someone else’s position with 403', async () => {
    const owner = (await t.injectAs('owner@acme.test', { url: '/api/user/verify' })).json().data;
    const res = await t.injectAs('staff@acme.test', {
      url: '/api/user/verify',
      headers: { 'x-position-id': String(owner.position_list[0].id) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('switches permissions and scope with the selected position', async () => {
    const store = await t.userByUsername('store@acme.test');
    const [area] = await t.database.db
      .select()
      .from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, store.tenantId), eq(hierarchyNodes.name, 'Melbourne Metro')));
    const [existing] = await t.database.db.select().from(positions).where(eq(positions.userId, store.id));
    const [added] = await t.database.db
      .insert(positions)
      .values({ tenantId: store.tenantId, userId: store.id, nodeId: area!.id, roleId: existing!.roleId })
      .returning();
    const res = await t.injectAs('store@acme.test', {
      url: '/api/user/verify',
      headers: { 'x-position-id': String(added!.id) },
    });
    const data = res.json().data;
    expect(data.position_list).toHaveLength(2);
    expect(data.position_list.find((p: { selected: boolean }) => p.selected).id).toBe(added!.id);
    expect(data.hierarchy[0].name).toBe('Melbourne Metro');
    await t.database.db.delete(positions).where(eq(positions.id, added!.id));
  });

  it('answers 401 mentioning an active workspace when the user has no active position', async () => {
    const fresh = await createTestApp();
    try {
      const staff = await fresh.userByUsername('staff@acme.test');
      const [pos] = await fresh.database.db.select().from(positions).where(eq(positions.userId, staff.id));
      await fresh.database.db
        .update(hierarchyNodes)
        .set({ status: 'inactive' })
        .where(eq(hierarchyNodes.id, pos!.nodeId));
      const res = await fresh.injectAs('staff@acme.test', { url: '/api/user/verify' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toContain('active workspace');
    } finally {
      await fresh.close();
    }
  });

  it('ends the sessions of a disabled tenant and refuses its logins', async () => {
    const fresh = await createTestApp();
    try {
      const token = await fresh.tokenFor('owner@globex.test');
      await fresh.database.db.update(tenants).set({ enabled: false }).where(eq(tenants.identifier, 'globex'));
      const verify = await fresh.inject({
        url: '/api/user/verify',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(verify.statusCode).toBe(401);
      expect(verify.json().message).toMatch(/organisation/);
      const login = await fresh.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'owner@globex.test', password: 'storeline-demo' },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toMatch(/organisation/);
    } finally {
      await fresh.close();
    }
  });
});

describe('compression', () => {
  it('compresses large answers for clients that accept it', async () => {
    const token = await t.tokenFor('owner@acme.test');
    const res = await t.app.inject({
      url: '/api/user/verify',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await t.injectAs('owner@acme.test', { url: '/api/user/verify' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(res.rawPayload.length)).toBeLessThan(plain.rawPayload.length / 3);
  });
});
