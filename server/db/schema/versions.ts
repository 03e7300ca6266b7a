import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { bigNumber, tenantForeignKey, tenantKey, userColumn } from './columns';
import { hierarchyNodes } from './hierarchy';
import { tenants } from './tenants';

/**
 * The numbers every kept answer is keyed by (server/lib/versions.ts). A writing service bumps the
 * ones its write changes, inside its own transaction, and the guard reads them with the session
 * on every request: a process sees a committed write on its very next request, whichever process
 * took the write. A tenant has no row until its first bump (its versions read as 0).
 */
export const tenantVersions = pgTable('tenant_versions', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** Users, positions, roles, grants, modules, the tenant row, profile fields and values (the user list). */
  people: bigNumber('people').notNull().default(0),
  /**
   * What every person's guard and verify read of the tenant: roles, grants, modules, the tenant
   * row, profile fields; and writes to many people at once. A write about one person moves only
   * their user_versions row (and people).
   */
  access: bigNumber('access').notNull().default(0),
  /** Settings, terms, theme, departments, task types. */
  settings: bigNumber('settings').notNull().default(0),
  /** Nodes, workspace objects and positions (the tree, its head counts, and a store's name). */
  tree: bigNumber('tree').notNull().default(0),
  /** Tasks, and assignments written for many stores at once (publish, archive, materialise, expiry). */
  tasks: bigNumber('tasks').notNull().default(0),
});

/**
 * One store's version: its assignments, their submissions and acknowledgements, and who is
 * counted among its people. A completion bumps one store, not the tenant.
 */
export const storeVersions = pgTable(
  'store_versions',
  {
    tenantId: tenantKey(),
    nodeId: integer('node_id').notNull(),
    version: bigNumber('version').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.nodeId] }),
    tenantForeignKey(t, t.nodeId, hierarchyNodes).onDelete('cascade'),
  ],
);

/**
 * One person's version: their row, positions and profile values, what their guard resolution and
 * verify are keyed by. No foreign key to users: a deleted user's row is bumped in the deleting transaction
 * and stays, harmless (ids are never reused); on Citus it is colocated by tenant like the rest.
 */
export const userVersions = pgTable(
  'user_versions',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: userColumn(),
    version: bigNumber('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
