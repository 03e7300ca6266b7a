import Type, { type Static } from 'typebox';
import { Id, Literals, Page, Paged, Sorting, Timestamps } from './common';

/** Spec §3 "Permission entry per module": a module id, a status and its capabilities. */
export const RolePermission = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40 }),
  status: Literals('active', 'inactive'),
  capabilities: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 }),
});
export type RolePermission = Static<typeof RolePermission>;

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  permissions: Type.Array(RolePermission),
  /** How many distinct users hold a position with this role. */
  user_count: Type.Integer(),
  /**
   * Whether the caller may give this role to someone: it grants nothing beyond the caller's own
   * role (see server/modules/roles/grants.ts).
   */
  assignable: Type.Boolean(),
  ...Timestamps,
});
export type Role = Static<typeof Role>;

export const RoleList = Paged(Role);
export type RoleList = Static<typeof RoleList>;

export const RoleListQuery = Type.Object({
  page: Page,
  // Spec §9: the user form asks for page 1 with 1000 roles.
  per_page: Type.Integer({ minimum: 1, maximum: 1000, default: 25 }),
  ...Sorting('name', 'user_count', 'updated_at', 'id'),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type RoleListQuery = Static<typeof RoleListQuery>;

const RoleFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  permissions: Type.Array(RolePermission, { maxItems: 40 }),
};

export const RoleCreateBody = Type.Object(RoleFields);
export type RoleCreateBody = Static<typeof RoleCreateBody>;

export const RoleUpdateBody = Type.Object({ id: Id, ...RoleFields });
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;
