import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hierarchyNodes, roles, tenants, users } from '../../db/schema';
import { ssoConfigs, ssoDomains, ssoLogins } from '../../db/schema/sso';
import { usersWhere } from '../../lib/userRows';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoConfigValues = Omit<typeof ssoConfigs.$inferInsert, 'tenantId' | 'updatedAt'>;

export async function findConfig(db: Db, tenantId: number): Promise<SsoConfigRow | undefined> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.tenantId, tenantId));
  return row;
}

export async function listDomains(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.tenantId, tenantId))
    .orderBy(ssoDomains.domain);
  return rows.map((r) => r.domain);
}

/** The domains another tenant has claimed, of those given. */
export async function domainsOfOthers(db: Db, tenantId: number, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(sql`${ssoDomains.domain} in ${domains}`, sql`${ssoDomains.tenantId} <> ${tenantId}`));
  return rows.map((r) => r.domain);
}

export async function saveConfig(db: Db, tenantId: number, values: SsoConfigValues, domains: string[]) {
  await db
    .insert(ssoConfigs)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: ssoConfigs.tenantId, set: { ...values, updatedAt: new Date() } });
  await db.delete(ssoDomains).where(eq(ssoDomains.tenantId, tenantId));
  if (domains.length) await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, tenantId })));
}

/** The tenant that signs an e-mail domain in through its provider, with that configuration. */
export async function findByDomain(db: Db, domain: string) {
  const [row] = await db
    .select({ config: ssoConfigs, tenant: tenants })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.tenantId, ssoDomains.tenantId))
    .innerJoin(tenants, eq(tenants.id, ssoDomains.tenantId))
    .where(eq(ssoDomains.domain, domain));
  return row;
}

export async function findTenant(db: Db, tenantId: number) {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

export async function insertLogin(
  db: Db,
  tenantId: number,
  values: { stateHash: string; nonce: string; codeVerifier: string; expiresAt: Date },
) {
  // Sign-ins abandoned at the provider are swept out as new ones start.
  await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.tenantId, tenantId), lt(ssoLogins.expiresAt, new Date())));
  await db.insert(ssoLogins).values({ tenantId, ...values });
}

/** Takes a sign-in's checks once: the row is gone after this, so a state cannot be used twice. */
export async function takeLogin(db: Db, tenantId: number, stateHash: string) {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.tenantId, tenantId), eq(ssoLogins.stateHash, stateHash)))
    .returning();
  return row;
}

/** People of the tenant with this e-mail address (its username, or the address on their record). */
export async function findUsersByEmail(db: Db, tenantId: number, email: string) {
  const address = email.trim().toLowerCase();
  return usersWhere(
    db,
    tenantId,
    sql`(lower(${users.email}) = ${address} or lower(${users.username}) = ${address})`,
  ).orderBy(users.id);
}

/** Of the usernames given, those that are people of the tenant (lower-cased). */
export async function existingUsernames(db: Db, tenantId: number, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        sql`lower(${users.username}) in ${usernames.map((u) => u.toLowerCase())}`,
      ),
    );
  return rows.map((r) => r.username);
}

/** Whether the tenant has this place in its tree and this role (for a first sign-in's position). */
export async function positionExists(db: Db, tenantId: number, nodeId: number, roleId: number) {
  const [node] = await db
    .select({ id: hierarchyNodes.id })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.tenantId, tenantId), eq(hierarchyNodes.id, nodeId)));
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)));
  return { node: node !== undefined, role: role !== undefined };
}
