import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant, tenantPrimaryReference, tenantReference, updatedAt } from './columns';
import { tenants } from './tenants';

/**
 * A tenant's OpenID Connect provider (issue 28). The client secret is stored encrypted with the
 * server's SECRET_KEY (server/lib/secretBox.ts) and never read back through the API.
 */
export const ssoConfigs = pgTable('sso_configs', {
  tenantId: tenantPrimaryReference(),
  enabled: boolean('enabled').notNull().default(false),
  providerName: text('provider_name').notNull().default(''),
  issuer: text('issuer').notNull().default(''),
  clientId: text('client_id').notNull().default(''),
  clientSecretSealed: text('client_secret_sealed'),
  ssoOnly: boolean('sso_only').notNull().default(false),
  breakGlassUsernames: text('break_glass_usernames').array().notNull().default([]),
  createUsers: boolean('create_users').notNull().default(false),
  createUsersNodeId: integer('create_users_node_id'),
  createUsersRoleId: integer('create_users_role_id'),
  updatedAt: updatedAt(),
});

/**
 * Which tenant an e-mail domain signs in with. Shared by all tenants (a Citus reference table, like
 * the tenant list, which is why its tenant column is not called tenant_id: server/db/citus.ts
 * distributes the tables that have one): the sign-in page looks a domain up before it knows the
 * tenant, and a domain belongs to one tenant only.
 */
export const ssoDomains = pgTable('sso_domains', {
  domain: text('domain').primaryKey(),
  tenantId: integer('owner_tenant_id')
    .notNull()
    .references(() => tenants.id),
});

/**
 * A sign-in on its way through the provider: the checks its callback needs (state, nonce, PKCE
 * verifier), kept in the database so that any API process can take the callback. The browser holds
 * the state in a cookie; the row is deleted when the callback uses it, so a state works once.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    tenantId: tenantReference(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.stateHash] })],
);
