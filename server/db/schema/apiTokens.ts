import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantPrimaryKey, tenantRecord } from './columns';

/**
 * A tenant's API tokens (issue 46): a program calls the API with `Authorization: Bearer stl_…` and
 * acts as the position of the person who made the token, within the token's scopes. Only a SHA-256
 * hash of the token is kept (a token is 32 random bytes: a fast hash is enough, and the lookup by
 * hash compares nothing secret in the application). The creator's name is kept as it read then, as
 * the administration log keeps names: the list still says who made a token after they are gone.
 * No foreign key to the person or the position: a token whose person or position is gone stays
 * listed and is refused at use.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    ...tenantRecord(),
    name: text('name').notNull(),
    /** The token's first characters ("stl_3.AbCdEfGh"): enough to recognise it, nothing to use. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** `<module>.<capability>` of the permission catalogue (contract/modules.ts). */
    scopes: text('scopes').array().notNull(),
    createdById: integer('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    /** The creator's position the token acts at (its tree scope and role). */
    positionId: integer('position_id').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at'),
    /** Written at most once a minute per token (a conditional UPDATE), never on every request. */
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('api_tokens_hash_idx').on(t.tenantId, t.tokenHash),
    // The log names a token's writes by its name: two live tokens of one name would read alike.
    uniqueIndex('api_tokens_live_name_idx')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.revokedAt} IS NULL`),
    index('api_tokens_created_idx').on(t.tenantId, t.createdAt),
  ],
);
