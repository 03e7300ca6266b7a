import Type, { type Static } from 'typebox';
import type { NodeType } from '../constants';
import { NullableLanguage } from '../languages';
import type { ModulePermission } from '../modules';
import { Id } from './common';
import { ProfileDataEntry } from './profile';

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  preferred_name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  force_reset: Type.Boolean(),
  tenant: Type.String(),
});
export type LoginUser = Static<typeof LoginUser>;

export const LoginData = Type.Object({
  user: LoginUser,
  token: Type.String(),
  redirect: Type.String(),
  /** What the person reads (their own, else the tenant's default), for the screens before verify. */
  language: NullableLanguage,
});
export type LoginData = Static<typeof LoginData>;

export const PositionEntry = Type.Object({
  id: Type.Integer(),
  node_id: Type.Integer(),
  node_type: Type.String(),
  node_name: Type.String(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  selected: Type.Boolean(),
});
export type PositionEntry = Static<typeof PositionEntry>;

/** Spec §3 hierarchy node as sent in verify (workspace objects come from the hierarchy module). */
export interface HierarchyNode {
  id: number;
  object_id: number | null;
  name: string;
  type: NodeType;
  level: number;
  status: 'active' | 'inactive';
  parent_id: number | null;
  children: HierarchyNode[];
}

/** A node's own fields (spec §3), shared by verify's tree and the hierarchy screen's richer one. */
export const NODE_FIELDS = {
  id: Type.Integer(),
  object_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  type: Type.String(),
  level: Type.Integer(),
  status: Type.String(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
};

const HierarchyNodeSchema = Type.Cyclic(
  { Node: Type.Object({ ...NODE_FIELDS, children: Type.Array(Type.Ref('Node')) }) },
  'Node',
);
export const HierarchyTree = Type.Unsafe<HierarchyNode[]>(Type.Array(HierarchyNodeSchema));

export const ModulePermissionSchema = Type.Unsafe<ModulePermission>(
  Type.Object({
    id: Type.String(),
    status: Type.String(),
    capabilities: Type.Array(Type.String()),
  }),
);

export const ThemeSetting = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  value: Type.String(),
  default: Type.String(),
});
export type ThemeSetting = Static<typeof ThemeSetting>;

export const TenantSettings = Type.Object({
  week_starting_day: Type.Integer({ minimum: 0, maximum: 6 }),
  max_active_workspace: Type.Integer({ minimum: 0 }),
  /** The tenant's default language for people who chose none; null: each browser's. */
  language: Type.Optional(NullableLanguage),
});
export type TenantSettings = Static<typeof TenantSettings>;

export const VerifyData = Type.Object({
  id: Type.Integer(),
  force_reset: Type.Boolean(),
  firstname: Type.String(),
  lastname: Type.String(),
  username: Type.String(),
  preferred_name: Type.Union([Type.String(), Type.Null()]),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  /** The person's own language; null: the tenant's default (settings.language). */
  language: Type.Optional(NullableLanguage),
  tenant: Type.Object({ id: Type.Integer(), identifier: Type.String(), name: Type.String() }),
  position_list: Type.Array(PositionEntry),
  hierarchy: HierarchyTree,
  modules: Type.Array(ModulePermissionSchema),
  terms: Type.Record(Type.String(), Type.String()),
  settings: TenantSettings,
  theme: Type.Array(ThemeSetting),
  profile_data: Type.Array(ProfileDataEntry),
});
export type VerifyData = Static<typeof VerifyData>;

export const PasswordForgotBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
});

export const PasswordResetBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  token: Type.String({ minLength: 1, maxLength: 200 }),
});

export const PasswordResetData = Type.Object({
  user: LoginUser,
  theme: Type.Array(ThemeSetting),
  redirect: Type.String(),
});

const Nullable = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/**
 * A session as its person (or an administrator) sees it in a list (issue 47): where it was started
 * from and last seen at, so a person recognises their own devices and ends the others.
 */
const SESSION_FIELDS = {
  id: Type.Integer(),
  device: Type.String({ description: 'A short summary of the browser and system: “Chrome on Android”' }),
  browser: Nullable('The browser read from the User-Agent (Chrome, Safari, Firefox…); null if unknown'),
  os: Nullable('The system read from the User-Agent (Windows, iPhone, Android…); null if unknown'),
  user_agent: Nullable('The User-Agent it signed in with, as sent (cut to 512 characters)'),
  address: Nullable('The address it was last seen at'),
  started_address: Nullable('The address it signed in from'),
  started_at: Type.String(),
  last_seen_at: Type.String({ description: 'Written at most once a minute' }),
};

/** A person's own session; `current` is the one making the request. */
export const OwnSession = Type.Object({ ...SESSION_FIELDS, current: Type.Boolean() });
export type OwnSession = Static<typeof OwnSession>;
export const OwnSessionList = Type.Array(OwnSession);
export type OwnSessionList = Static<typeof OwnSessionList>;

/** A person's session as an administrator sees it (there is no “current” one of theirs). */
export const PersonSession = Type.Object(SESSION_FIELDS);
export type PersonSession = Static<typeof PersonSession>;
export const PersonSessionList = Type.Array(PersonSession);
export type PersonSessionList = Static<typeof PersonSessionList>;

/** Which of the caller's sessions to end: one by id (the current one signs them out), or all the others. */
export const SessionRevokeQuery = Type.Object({
  id: Type.Optional(Id),
  others: Type.Optional(
    Type.Boolean({ description: '`true`: every session but the one making the request' }),
  ),
});
export type SessionRevokeQuery = Static<typeof SessionRevokeQuery>;

export const SessionsEnded = Type.Object({ ended: Type.Integer({ description: 'How many sessions ended' }) });
export type SessionsEnded = Static<typeof SessionsEnded>;
