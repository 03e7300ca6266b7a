import Type, { type Static } from 'typebox';
import { Id, Paged, Paging } from './common';

/**
 * What the administration log's entries are about, as the server writes them: each write route
 * logs under the entity its path names (`/api/role/update` → `role`, plugins/activity.ts) or the
 * one it declares, and a few entries are written by the server itself (sign-in events, the log's
 * own retention). The activity screen offers them as its filter; tests/server/activity.test.ts
 * fails on a route that logs under an entity missing here, and the compiler on a direct writer.
 */
export const ACTIVITY_ENTITIES = [
  'user',
  'role',
  'department',
  'profile-field',
  'hierarchy.node',
  'hierarchy.assign',
  'workspace',
  'task',
  'task.types',
  'audit',
  'inspection',
  'action',
  'setting',
  'notification',
  'sso',
  'token',
  'scim',
  'webhook',
  'form-template',
  'theme',
  'theme.logo',
  'tenant',
  'user.import',
  'workspace.import',
  'profile',
  'activity',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

/** What a platform operator's log holds (issue 32): tenant management, their sign-ins and profile. */
export const OPERATOR_ACTIVITY_ENTITIES = [
  'tenant',
  'user',
  'profile',
] as const satisfies readonly ActivityEntity[];

/** One field an entry changed. A secret field is `redacted`: it changed, its values are not kept. */
export const ActivityChange = Type.Object({
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
  redacted: Type.Optional(Type.Boolean()),
});
export type ActivityChange = Static<typeof ActivityChange>;

/** An entry of the administration log: when, who (null: the system), what, and what changed. */
export const ActivityEntry = Type.Object({
  id: Type.Integer({ description: 'The entry’s number in its tenant’s chain' }),
  at: Type.String(),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Set when a program wrote with an API token: `actor_name` is the token's name, `actor_id` its creator. */
  actor_token_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Set when the company's directory wrote over SCIM (issue 47): `actor_name` is the directory's name, `actor_id` null. */
  actor_directory_id: Type.Union([Type.Integer(), Type.Null()]),
  actor_name: Type.String(),
  actor_position: Type.String(),
  action: Type.String(),
  entity: Type.String(),
  entity_id: Type.Union([Type.String(), Type.Null()]),
  entity_name: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Record(Type.String(), ActivityChange),
  ip: Type.Union([Type.String(), Type.Null()]),
});
export type ActivityEntry = Static<typeof ActivityEntry>;

export const ActivityList = Paged(ActivityEntry);
export type ActivityList = Static<typeof ActivityList>;

const Instant = Type.String({ format: 'date-time', description: 'ISO-8601 instant' });

/** The filters of the log's list and export. */
export const ActivityFilter = {
  from: Type.Optional(Instant),
  to: Type.Optional(Instant),
  actor_id: Type.Optional(Id),
  entity: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
};

export const ActivityListQuery = Type.Object({
  ...Paging(200),
  ...ActivityFilter,
});
export type ActivityListQuery = Static<typeof ActivityListQuery>;

export const ActivityExportQuery = Type.Object({
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv' }),
  ...ActivityFilter,
});
export type ActivityExportQuery = Static<typeof ActivityExportQuery>;

/** Whether the tenant's chain is whole; when not, the first entry that breaks it and why. */
export const ActivityVerification = Type.Object({
  whole: Type.Boolean(),
  entries: Type.Integer({ description: 'Entries checked' }),
  first_id: Type.Union([Type.Integer(), Type.Null()]),
  last_id: Type.Union([Type.Integer(), Type.Null()]),
  broken_at: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type ActivityVerification = Static<typeof ActivityVerification>;
