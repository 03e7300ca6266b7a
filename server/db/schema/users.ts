import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as columns from './columns';

export const users = pgTable(
  'users',
  {
    tenantId: columns.tenantReference(),
    id: columns.identityId(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    preferredName: text('preferred_name'),
    avatar: text('avatar'),
    /** The language the person reads Storeline in (en, es, fr); null: the tenant's default. */
    language: text('language'),
    passwordHash: text('password_hash').notNull(),
    forceReset: boolean('force_reset').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.uniqueName('users_username_uq', t, t.username),
    // Login looks a username up before it knows the tenant.
    index('users_username_idx').on(sql`lower(${t.username})`),
  ],
);

/**
 * The key from a person's own rows (sessions, positions, notifications…) to them: the rows go when
 * the person does.
 */
export const goesWithUser = (t: { tenantId: AnyPgColumn; userId: AnyPgColumn }) =>
  columns.tenantForeignKey(t, t.userId, users).onDelete('cascade');

export const sessions = pgTable(
  'sessions',
  {
    tenantId: columns.tenantKey(),
    id: columns.identityId(),
    userId: columns.userColumn(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: columns.instant('expires_at').notNull(),
    lastSeenAt: columns.instantNow('last_seen_at'),
    createdAt: columns.createdAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    goesWithUser(t),
    uniqueIndex('sessions_token_uq').on(t.tenantId, t.tokenHash),
    index('sessions_user_idx').on(t.tenantId, t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tenantId: columns.tenantKey(),
    id: columns.identityId(),
    userId: columns.userColumn(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: columns.instant('expires_at').notNull(),
    usedAt: columns.instant('used_at'),
    createdAt: columns.createdAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    goesWithUser(t),
    uniqueIndex('password_reset_tokens_token_uq').on(t.tenantId, t.tokenHash),
  ],
);
