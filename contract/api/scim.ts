import Type, { type Static } from 'typebox';
import { Id, Literals } from './common';

/**
 * Provisioning from the company's directory (issue 47): the management API the Settings screen
 * uses. The SCIM 2.0 service itself (`/scim/v2/…`, RFC 7643/7644) speaks SCIM's own JSON and is
 * not described here.
 */

/** SCIM bearer tokens start so; API tokens (`stl_`) and session tokens never do. */
export const SCIM_TOKEN_PREFIX = 'scim_';

/** Live SCIM tokens a tenant may hold at once: one per directory, and a few to rotate through. */
export const MAX_LIVE_SCIM_TOKENS = 10;

/** Where SCIM clients send their requests, after the server's public address. */
export const SCIM_BASE_PATH = '/scim/v2';

export const ScimTokenCreateBody = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 80,
    description: 'The directory’s name (e.g. “Entra ID”): the administration log names its changes so',
  }),
});
export type ScimTokenCreateBody = Static<typeof ScimTokenCreateBody>;

export const ScimToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The token’s first characters, to recognise it (not usable)' }),
  created_by: Type.Object({ id: Type.Integer(), name: Type.String() }),
  created_at: Type.String(),
  /** When a new secret replaced the first one (the old secret stopped working then). */
  rotated_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
export type ScimToken = Static<typeof ScimToken>;

export const ScimTokenList = Type.Array(ScimToken);
export type ScimTokenList = Static<typeof ScimTokenList>;

/** Creating or rotating answers the secret, this once. */
export const ScimTokenCreated = Type.Object({
  ...ScimToken.properties,
  token: Type.String({ description: 'The secret: shown once, stored only as a hash' }),
});
export type ScimTokenCreated = Static<typeof ScimTokenCreated>;

export const ScimTokenIdBody = Type.Object({ id: Id });
export const ScimTokenIdQuery = Type.Object({ id: Id });

/** What a SCIM DELETE of a user does in this tenant. */
export const ScimDeleteAction = Literals('disable', 'delete');
export type ScimDeleteAction = Static<typeof ScimDeleteAction>;

export const ScimSettings = Type.Object({
  /** The address to paste into the identity provider ("Tenant URL" in Entra ID, "Base URL" in Okta). */
  base_url: Type.String(),
  on_delete: ScimDeleteAction,
});
export type ScimSettings = Static<typeof ScimSettings>;

export const ScimSettingsBody = Type.Object({ on_delete: ScimDeleteAction });
export type ScimSettingsBody = Static<typeof ScimSettingsBody>;

/**
 * A group the directory pushed, and the position its members hold in Storeline: joining the group
 * gives the position (a node and a role), leaving it takes that position away. A group with no
 * position chosen yet gives nothing.
 */
export const ScimGroup = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  external_id: Type.Union([Type.String(), Type.Null()]),
  members: Type.Integer({ description: 'How many people the directory put in the group' }),
  node_id: Type.Union([Type.Integer(), Type.Null()]),
  node_name: Type.Union([Type.String(), Type.Null()]),
  role_id: Type.Union([Type.Integer(), Type.Null()]),
  role_name: Type.Union([Type.String(), Type.Null()]),
});
export type ScimGroup = Static<typeof ScimGroup>;

export const ScimGroupList = Type.Array(ScimGroup);
export type ScimGroupList = Static<typeof ScimGroupList>;

/** Both null: the group gives no position (its members lose the one it gave). */
export const ScimGroupUpdateBody = Type.Object({
  id: Id,
  node_id: Type.Union([Id, Type.Null()]),
  role_id: Type.Union([Id, Type.Null()]),
});
export type ScimGroupUpdateBody = Static<typeof ScimGroupUpdateBody>;
