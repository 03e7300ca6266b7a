import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { hierarchyNodes } from './hierarchy';
import { tenants } from './tenants';
import { users } from './users';

export const roles = pgTable(
  'roles',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('roles_name_uq').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: integer('tenant_id').notNull(),
    roleId: integer('role_id').notNull(),
    module: text('module').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    capabilities: text('capabilities').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.module] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A user's assignment: at a hierarchy node, with a role (spec "position"). */
export const positions = pgTable(
  'positions',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    nodeId: integer('node_id').notNull(),
    roleId: integer('role_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.nodeId],
      foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id],
    }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
    index('positions_user_idx').on(t.tenantId, t.userId),
    index('positions_node_idx').on(t.tenantId, t.nodeId),
  ],
);
