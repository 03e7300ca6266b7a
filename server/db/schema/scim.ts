import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles } from './access';
import * as columns from './columns';
import { hierarchyNodes } from './hierarchy';
import { goesWithUser } from './users';

/**
 * A tenant's SCIM tokens (issue 47): the company's directory (Entra ID, Okta…) calls `/scim/v2`
 * with `Authorization: Bearer scim_…` and acts as the tenant's directory, never as the person who
 * made the token (provisioning outlives that administrator). As with API tokens only a SHA-256 of
 * the secret is kept; rotating replaces the hash, so the old secret stops working at once.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    ...columns.tenantRecord(),
    /** The directory's name ("Entra ID"): the administration log names its changes so. */
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdById: integer('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: columns.createdAt(),
    rotatedAt: columns.instant('rotated_at'),
    /** Written at most once a minute per token (a conditional UPDATE), never on every request. */
    lastUsedAt: columns.instant('last_used_at'),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    uniqueIndex('scim_tokens_hash_idx').on(t.tenantId, t.tokenHash),
    columns.uniqueName('scim_tokens_name_uq', t, t.name),
  ],
);

/**
 * The SCIM side of a person the directory provisioned: its `externalId`. One row per person, gone
 * with the person; a person without a row was made in Storeline and is still visible to SCIM.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    tenantId: columns.tenantKey(),
    userId: columns.userColumn(),
    externalId: text('external_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    goesWithUser(t),
    index('scim_users_external_idx').on(t.tenantId, t.externalId),
  ],
);

/**
 * A group the directory pushed, and the position (node and role) its members hold while in it; a
 * group with neither gives nothing. No cascade from the node or role: they cannot be deleted while a
 * group names them, as while a position does.
 */
export const scimGroups = pgTable(
  'scim_groups',
  {
    ...columns.tenantRecord(),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    nodeId: integer('node_id'),
    roleId: integer('role_id'),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.uniqueName('scim_groups_name_uq', t, t.displayName),
    columns.tenantForeignKey(t, t.nodeId, hierarchyNodes),
    columns.tenantForeignKey(t, t.roleId, roles),
  ],
);

/**
 * A person in a group, and the position the group gave them (`position_id`): null when they held
 * that node and role already (by an administrator's hand, or another group's), so leaving the group
 * never takes away a position the group did not give. No key to the position: an administrator may
 * remove it by hand, and then there is nothing left to take.
 */
export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    tenantId: columns.tenantKey(),
    groupId: integer('group_id').notNull(),
    userId: columns.userColumn(),
    positionId: integer('position_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.userId] }),
    columns.tenantForeignKey(t, t.groupId, scimGroups).onDelete('cascade'),
    goesWithUser(t),
    index('scim_group_members_user_idx').on(t.tenantId, t.userId),
  ],
);
