import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as columns from './columns';

export const users = pgTable(
  'users',
  {
    ...columns.tenantRecord(),
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

/** The keys of a person's own numbered rows (columns.personRow): (tenant_id, id), and they go with the person. */
export const personRowKeys = (t: { tenantId: AnyPgColumn; id: AnyPgColumn; userId: AnyPgColumn }) => [
  columns.tenantPrimaryKey(t),
  goesWithUser(t),
];

/** A secret link's or session's token (stored hashed) and when it stops working. */
const tokenColumns = () => ({
  tokenHash: text('token_hash').notNull(),
  expiresAt: columns.instant('expires_at').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    ...columns.personRow(columns.identityId()),
    ...tokenColumns(),
    lastSeenAt: columns.instantNow('last_seen_at'),
    createdAt: columns.createdAt(),
    /**
     * What the person sees of a session in their list (issue 47): the browser's User-Agent (cut
     * to SESSION_USER_AGENT_CHARS), the address it signed in from and the one it was last seen at
     * (written when last_seen_at is). Null for sessions started before these were recorded, or
     * without a User-Agent.
     */
    userAgent: text('user_agent'),
    startAddress: text('start_address'),
    lastAddress: text('last_address'),
  },
  (t) => [
    ...personRowKeys(t),
    uniqueIndex('sessions_token_uq').on(t.tenantId, t.tokenHash),
    index('sessions_user_idx').on(t.tenantId, t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    ...columns.personRow(columns.identityId()),
    ...tokenColumns(),
    usedAt: columns.instant('used_at'),
    createdAt: columns.createdAt(),
  },
  (t) => [...personRowKeys(t), uniqueIndex('password_reset_tokens_token_uq').on(t.tenantId, t.tokenHash)],
);
