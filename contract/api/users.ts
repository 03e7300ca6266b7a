import Type, { type Static } from 'typebox';
import { Id, Literals, Paged, Paging, PersonFields, Sorting, Timestamps } from './common';

/** Spec §7 `assigns`: the positions a user holds — a hierarchy node and a role. */
export const AssignInput = Type.Object({
  /** An existing position's id keeps that position (and the users' choice of it) when editing. */
  id: Type.Optional(Id),
  node_id: Id,
  role_id: Id,
});
export type AssignInput = Static<typeof AssignInput>;

export const Assign = Type.Object({
  id: Type.Integer(),
  node_id: Type.Integer(),
  node_name: Type.String(),
  node_type: Type.String(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  /** False for a position outside the caller's part of the tree: shown, but the caller cannot change it. */
  in_scope: Type.Boolean(),
});
export type Assign = Static<typeof Assign>;

export const UserStatus = Literals('active', 'disabled');
export type UserStatus = Static<typeof UserStatus>;

/** Spec §3 "User (admin view)", without the password, plus what the list shows. */
export const UserRecord = Type.Object({
  ...PersonFields,
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  status: UserStatus,
  force_reset: Type.Boolean(),
  assigns: Type.Array(Assign),
  ...Timestamps,
});
export type UserRecord = Static<typeof UserRecord>;

export const UserList = Paged(UserRecord);
export type UserList = Static<typeof UserList>;

export const USER_SEARCH_KEYS = ['name', 'email', 'role', 'node', 'status'] as const;

export const UserListQuery = Type.Object({
  ...Paging(500),
  /** Spec §7: `key` names the field searched, `value` is the text. */
  key: Type.Optional(Literals('name', 'email', 'role', 'node', 'status')),
  value: Type.Optional(Type.String({ maxLength: 200 })),
  ...Sorting('name', 'email', 'status', 'created_at', 'id'),
});
export type UserListQuery = Static<typeof UserListQuery>;

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Email = Type.String({ format: 'email', maxLength: 254 });
// Empty or null means "no new password" (forms send what an untouched field holds).
const Password = Type.Union([Type.String({ maxLength: 1024 }), Type.Null()]);

export const UserCreateBody = Type.Object({
  /** Must equal the e-mail (design §4); taken from it when left out. */
  username: Type.Optional(Type.String({ maxLength: 254 })),
  firstname: Name,
  lastname: Name,
  email: Email,
  assigns: Type.Array(AssignInput, { minItems: 1, maxItems: 50 }),
  /** Without one the user is e-mailed a link to choose their own. */
  password: Type.Optional(Password),
  force_reset: Type.Optional(Type.Boolean()),
});
export type UserCreateBody = Static<typeof UserCreateBody>;

export const UserUpdateBody = Type.Object({
  id: Id,
  firstname: Name,
  lastname: Name,
  email: Type.Optional(Email),
  /** Spec §5: sent only when one is given. */
  password: Type.Optional(Password),
  force_reset: Type.Optional(Type.Boolean()),
  assigns: Type.Optional(Type.Array(AssignInput, { minItems: 1, maxItems: 50 })),
});
export type UserUpdateBody = Static<typeof UserUpdateBody>;
