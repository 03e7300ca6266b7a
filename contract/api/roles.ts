import Type, { type Static } from 'typebox';
import { Id, Page, Paged } from './common';

/** Spec §3 "Permission entry per module": a module id, a status and its capabilities. */
export const RolePermission = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40 }),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
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
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Role = Static<typeof Role>;

export const RoleList = Paged(Role);
export type RoleList = Static<typeof RoleList>;

export const RoleListQuery = Type.Object({
  page: Page,
  // Spec §9: the user form asks for page 1 with 1000 roles.
  per_page: Type.Integer({ minimum: 1, maximum: 1000, default: 25 }),
  sort: Type.Optional(
    Type.Union([
      Type.Literal('name'),
      Type.Literal('user_count'),
      Type.Literal('updated_at'),
      Type.Literal('id'),
    ]),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
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
