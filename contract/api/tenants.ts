import Type, { type Static } from 'typebox';
import { Email, Id, Literals, Paging, Sorting, Text } from './common';

/**
 * Tenant management (admin tenant only). A tenant record carries only what the platform operators
 * need to run it — name, identifier, status, plan limits and head counts — never business data.
 */

/** Lower-case letters, digits and inner hyphens; it appears in sign-in and, later, sub-domains. */
export const TENANT_IDENTIFIER_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$';
/** Identifiers people could mistake for the platform itself. */
export const RESERVED_TENANT_IDENTIFIERS = ['admin', 'api', 'www', 'app'] as const;
export const MAX_ACTIVE_WORKSPACE_LIMIT = 100_000;
/** A new tenant's plan unless the operators choose otherwise. */
export const DEFAULT_MAX_ACTIVE_WORKSPACE = 100;

const ModuleIds = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { minItems: 1, maxItems: 40 });
const MaxActive = Type.Integer({ minimum: 1, maximum: MAX_ACTIVE_WORKSPACE_LIMIT });

export const TenantRecord = Type.Object({
  id: Type.Integer(),
  identifier: Type.String(),
  name: Type.String(),
  status: Literals('active', 'disabled'),
  /** The modules the tenant may use (the ceiling); the tenant switches them on and off within it. */
  modules: Type.Array(Type.String()),
  max_active_workspace: Type.Integer(),
  active_workspaces: Type.Integer(),
  users: Type.Integer(),
  created_at: Type.String(),
});
export type TenantRecord = Static<typeof TenantRecord>;

export const TenantListQuery = Type.Object({
  ...Paging(200),
  ...Sorting('name', 'identifier', 'status', 'created_at', 'active_workspaces', 'users'),
  /** Matches name or identifier. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Literals('active', 'disabled')),
});
export type TenantListQuery = Static<typeof TenantListQuery>;

export const TenantCreateBody = Type.Object({
  identifier: Type.String({ minLength: 1, maxLength: 40 }),
  name: Text(120),
  modules: ModuleIds,
  max_active_workspace: MaxActive,
  admin_email: Email,
  admin_firstname: Type.Optional(Type.String({ maxLength: 100 })),
  admin_lastname: Type.Optional(Type.String({ maxLength: 100 })),
});
export type TenantCreateBody = Static<typeof TenantCreateBody>;

export const TenantUpdateBody = Type.Object({
  id: Id,
  name: Type.Optional(Text(120)),
  modules: Type.Optional(ModuleIds),
  max_active_workspace: Type.Optional(MaxActive),
});
export type TenantUpdateBody = Static<typeof TenantUpdateBody>;
