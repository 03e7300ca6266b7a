import { integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of attempts against the public door (sign-in guesses, reset mails, requests per
 * address), shared by every API process so that N processes do not allow N times the guesses
 * (server/lib/attemptWindows.ts). Its own schema, not `public`: they belong to no tenant, and on
 * Citus they stay on the coordinator every process talks to, like the job queue's schema.
 */
export const limits = pgSchema('limits');

/** One fixed window: how many attempts a key has made since it opened, and when it closes. */
export const attemptWindows = limits.table('attempt_windows', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
