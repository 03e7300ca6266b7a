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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tenants_identifier_uq').on(sql`lower(${t.identifier})`)],
);
