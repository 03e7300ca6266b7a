import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The tenant list is shared by all tenants (a Citus reference table); every other table is
 * tenant-owned and keyed by (tenant_id, id).
 */
export const tenants = pgTable(
  'tenants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Bumped (by triggers, in the writing transaction) on every change to the tenant's nodes,
     * workspace objects or positions: the cached hierarchy tree of any process is current while
     * this number is unchanged.
     */
    treeVersion: integer('tree_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tenants_identifier_uq').on(sql`lower(${t.identifier})`)],
);
