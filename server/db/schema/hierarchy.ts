import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The organisation tree. `path` holds the ids from the root down ("/1/4/9/") so that a subtree —
 * a user's scope — is one indexed prefix match instead of a recursive walk on every request.
 */
export const hierarchyNodes = pgTable(
  'hierarchy_nodes',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id'),
    type: text('type', { enum: ['root', 'container', 'workspace', 'unassigned'] }).notNull(),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    path: text('path').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }),
    index('hierarchy_nodes_parent_idx').on(t.tenantId, t.parentId),
    index('hierarchy_nodes_path_idx').on(t.tenantId, sql`${t.path} text_pattern_ops`),
  ],
);

/** The object behind a workspace node (spec §3: identifier, address, contact, opening). */
export const workspaces = pgTable(
  'workspaces',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    nodeId: integer('node_id').notNull(),
    identifier: text('identifier').notNull(),
    streetLine1: text('street_line1').notNull().default(''),
    streetLine2: text('street_line2').notNull().default(''),
    suburb: text('suburb').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    contact: text('contact').notNull().default(''),
    description: text('description').notNull().default(''),
    openAt: timestamp('open_at', { withTimezone: true }),
    timezone: text('timezone'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.nodeId],
      foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id],
    }).onDelete('cascade'),
    uniqueIndex('workspaces_node_uq').on(t.tenantId, t.nodeId),
    uniqueIndex('workspaces_identifier_uq').on(t.tenantId, sql`lower(${t.identifier})`),
  ],
);
