import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import * as columns from './columns';
import { hierarchyNodes } from './hierarchy';
import { personRowKeys } from './users';

export const roles = pgTable(
  'roles',
  {
    ...columns.tenantRecord(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [columns.tenantPrimaryKey(t), columns.uniqueName('roles_name_uq', t, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: columns.tenantKey(),
    roleId: integer('role_id').notNull(),
    module: text('module').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    capabilities: text('capabilities').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.module] }),
    columns.tenantForeignKey(t, t.roleId, roles).onDelete('cascade'),
  ],
);

/** A user's assignment: at a hierarchy node, with a role (spec "position"). */
export const positions = pgTable(
  'positions',
  {
    ...columns.personRow(columns.identityId()),
    nodeId: integer('node_id').notNull(),
    roleId: integer('role_id').notNull(),
    createdAt: columns.createdAt(),
  },
  (t) => [
    ...personRowKeys(t),
    columns.tenantForeignKey(t, t.nodeId, hierarchyNodes),
    columns.tenantForeignKey(t, t.roleId, roles),
    index('positions_user_idx').on(t.tenantId, t.userId),
    index('positions_node_idx').on(t.tenantId, t.nodeId),
  ],
);
