import { and, count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { hierarchyNodes, positions, roles, settings, tenants, users } from '../../../server/db/schema';
import { bumpPeople, bumpStores, bumpVersion } from '../../../server/lib/versions';
import type { TestApp } from './app';

/** Test builders for the organisation suites: nodes by name, extra users, the active limit. */
export function organisation(t: TestApp) {
  const db = () => t.database.db;

  const tenantId = async (identifier = 'acme') => {
    const [row] = await db()
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.identifier, identifier));
    return row!.id;
  };

  const node = async (name: string, tenant = 'acme') => {
    const [row] = await db()
      .select()
      .from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, await tenantId(tenant)), eq(hierarchyNodes.name, name)));
    if (!row) throw new Error(`no node ${name} in ${tenant}`);
    return row;
  };

  const nodeId = async (name: string, tenant = 'acme') => (await node(name, tenant)).id;

  const roleId = async (name: string, tenant = 'acme') => {
    const [row] = await db()
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, await tenantId(tenant)), eq(roles.name, name)));
    return row!.id;
  };

  const maybeNode = async (id: number) => {
    const [row] = await db().select().from(hierarchyNodes).where(eq(hierarchyNodes.id, id));
    return row;
  };

  const nodeCount = async () => {
    const [row] = await db().select({ n: count() }).from(hierarchyNodes);
    return row!.n;
  };

  const positionsOf = async (username: string) => {
    const user = await t.userByUsername(username);
    return db()
      .select({
        id: positions.id,
        nodeId: positions.nodeId,
        roleId: positions.roleId,
        node: hierarchyNodes.name,
      })
      .from(positions)
      .innerJoin(
        hierarchyNodes,
        and(eq(hierarchyNodes.tenantId, positions.tenantId), eq(hierarchyNodes.id, positions.nodeId)),
      )
      .where(and(eq(positions.tenantId, user.tenantId), eq(positions.userId, user.id)));
  };

  /** A user positioned at a node with one of the tenant's roles (no password: tests use sessions). */
  const addUser = async (email: string, nodeName: string, roleName: string, tenant = 'acme') => {
    const tid = await tenantId(tenant);
    const at = await node(nodeName, tenant);
    const role = await roleId(roleName, tenant);
    const [user] = await db()
      .insert(users)
      .values({
        tenantId: tid,
        username: email,
        email,
        firstname: 'Test',
        lastname: email,
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    await db().insert(positions).values({ tenantId: tid, userId: user!.id, nodeId: at.id, roleId: role });
    // Written as the users service would: people, the tree's head counts and the store move on.
    await bumpStores(db(), tid, [at.id]);
    await bumpPeople(db(), tid, [user!.id], 'tree');
    return user!.id;
  };

  /** A person's own language, set on their profile as they would (null: none of their own). */
  const setLanguage = async (username: string, language: string | null) => {
    const res = await t.injectAs(username, {
      method: 'PUT',
      url: '/api/profile/update',
      payload: { language },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const setMaxActive = async (value: number, tenant = 'acme') => {
    await db()
      .update(settings)
      .set({ value: String(value) })
      .where(and(eq(settings.tenantId, await tenantId(tenant)), eq(settings.key, 'max_active_workspace')));
    await bumpVersion(db(), await tenantId(tenant), 'settings');
  };

  const activeWorkspaces = async (tenant = 'acme') => {
    const [row] = await db()
      .select({ n: count() })
      .from(hierarchyNodes)
      .where(
        and(
          eq(hierarchyNodes.tenantId, await tenantId(tenant)),
          eq(hierarchyNodes.type, 'workspace'),
          eq(hierarchyNodes.status, 'active'),
        ),
      );
    return row!.n;
  };

  const rawCount = async (table: 'workspaces' | 'positions') => {
    const result = await db().execute(sql.raw(`select count(*)::int as n from ${table}`));
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    return rows[0]!.n;
  };

  return {
    tenantId,
    node,
    nodeId,
    roleId,
    maybeNode,
    nodeCount,
    positionsOf,
    addUser,
    setLanguage,
    setMaxActive,
    activeWorkspaces,
    rawCount,
  };
}
