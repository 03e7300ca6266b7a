import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as columns from './columns';

/**
 * The organisation tree. `path` holds the ids from the root down ("/1/4/9/") so that a subtree —
 * a user's scope — is one indexed prefix match instead of a recursive walk on every request.
 */
export const hierarchyNodes = pgTable(
  'hierarchy_nodes',
  {
    ...columns.tenantRecord(),
    parentId: integer('parent_id'),
    type: text('type', { enum: ['root', 'container', 'workspace', 'unassigned'] }).notNull(),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    path: text('path').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.parentId, t),
    index('hierarchy_nodes_parent_idx').on(t.tenantId, t.parentId),
    index('hierarchy_nodes_path_idx').on(t.tenantId, sql`${t.path} text_pattern_ops`),
  ],
);

/** The object behind a workspace node (spec §3: identifier, address, contact, opening). */
export const workspaces = pgTable(
  'workspaces',
  {
    tenantId: columns.tenantKey(),
    id: columns.identityId(),
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
    openAt: columns.instant('open_at'),
    timezone: text('timezone'),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.nodeId, hierarchyNodes).onDelete('cascade'),
    uniqueIndex('workspaces_node_uq').on(t.tenantId, t.nodeId),
    columns.uniqueName('workspaces_identifier_uq', t, t.identifier),
  ],
);
