import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ssoConfigs, ssoDomains } from '../db/schema/sso';

/** The domain of an e-mail address, lower-cased; undefined when it has none. */
export function emailDomain(address: string): string | undefined {
  const at = address.trim().lastIndexOf('@');
  const domain =
    at > 0
      ? address
          .trim()
          .slice(at + 1)
          .toLowerCase()
      : '';
  return domain.includes('.') ? domain : undefined;
}

/**
 * The provider's name when the tenant signs this person in only through single sign-on (its
 * configuration is on with `sso_only`, the person's address is of one of its domains and they are
 * not one of its break-glass administrators); undefined when a password sign-in is allowed.
 */
export async function ssoOnlyProvider(
  db: Db,
  tenantId: number,
  person: { username: string; email: string },
): Promise<string | undefined> {
  const domains = [emailDomain(person.email), emailDomain(person.username)].filter(
    (d): d is string => d !== undefined,
  );
  if (domains.length === 0) return undefined;
  const [row] = await db
    .select({ providerName: ssoConfigs.providerName, breakGlass: ssoConfigs.breakGlassUsernames })
    .from(ssoConfigs)
    .innerJoin(ssoDomains, eq(ssoDomains.tenantId, ssoConfigs.tenantId))
    .where(
      and(
        eq(ssoConfigs.tenantId, tenantId),
        eq(ssoConfigs.enabled, true),
        eq(ssoConfigs.ssoOnly, true),
        sql`${ssoDomains.domain} in ${domains}`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const username = person.username.toLowerCase();
  return row.breakGlass.some((u) => u.toLowerCase() === username) ? undefined : row.providerName;
}
