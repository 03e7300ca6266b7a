import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bigNumber, instant, tenantPrimaryReference, tenantReference } from './columns';

/** One field an entry changed: its value before and after (a secret is never written, only marked). */
export interface ActivityChange {
  before?: unknown;
  after?: unknown;
  /** A secret field (a password, a client secret): it changed, and its values are not written. */
  redacted?: boolean;
}

/**
 * The administration log (server/lib/activity.ts): who changed what, written by the write's own
 * transaction. Append-only — a trigger (migration 0014) refuses UPDATE and TRUNCATE, and DELETE
 * except by the retention job — and chained per tenant: each entry's hash covers the entry and
 * the hash before it, so an edited, removed or inserted row breaks the chain (`/api/activity/verify`).
 * No foreign key to users or nodes: an entry outlives what it names, with the name it had then.
 */
export const activityEntries = pgTable(
  'activity_entries',
  {
    tenantId: tenantReference(),
    /** 1, 2, 3… per tenant, without gaps (activity_heads hands them out). */
    seq: bigNumber('seq').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Null for the system (jobs). */
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    /** The API token that wrote, when a program did (actor_name is then the token's name). */
    actorTokenId: integer('actor_token_id'),
    /** The SCIM token the company's directory wrote with (issue 47): actor_name is the directory's name, actor_id null. */
    actorDirectoryId: integer('actor_directory_id'),
    /** The actor's selected position as it read then ("Administrator at Acme Retail"). */
    actorPosition: text('actor_position').notNull().default(''),
    /** `department.create`, `session.login.failure`, … */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    entityName: text('entity_name'),
    changes: jsonb('changes').$type<Record<string, ActivityChange>>().notNull().default({}),
    /** The tree path the entry is about, for the scope of readers below the root ('' = the whole tenant). */
    scopePath: text('scope_path').notNull().default(''),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.seq] }),
    index('activity_entries_at_idx').on(t.tenantId, t.at),
    index('activity_entries_entity_idx').on(t.tenantId, t.entity, t.entityId),
    index('activity_entries_actor_idx').on(t.tenantId, t.actorId),
  ],
);

/**
 * The end of each tenant's chain: the last sequence number and hash, and where the chain starts
 * after retention removed older entries. Writers take the row (INSERT … ON CONFLICT DO UPDATE),
 * so entries of one tenant are chained one after another even from several processes.
 */
export const activityHeads = pgTable('activity_heads', {
  tenantId: tenantPrimaryReference(),
  seq: bigNumber('seq').notNull().default(0),
  hash: text('hash').notNull().default(''),
  /** The hash the last entry follows: the one statement that appends an entry reads it back here. */
  prevHash: text('prev_hash').notNull().default(''),
  /** The first entry kept and the hash it chains to (0 and '' until retention removes any). */
  firstSeq: bigNumber('first_seq').notNull().default(1),
  firstPrevHash: text('first_prev_hash').notNull().default(''),
  updatedAt: instant('updated_at').notNull().default(sql`now()`),
});
