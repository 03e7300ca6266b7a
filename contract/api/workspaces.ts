import Type, { type Static } from 'typebox';
import { Id, Page, Paged, Text } from './common';
import { WorkspaceObjectInput } from './hierarchy';

/**
 * A workspace as the workspace and store info screens show it: the object's fields, the node's
 * name and status, and where it sits. `id` is the workspace (object) id — the session's
 * `workspaceId` — and `node_id` its hierarchy node. `open_at` is in unix seconds.
 */
export const WorkspaceRecord = Type.Object({
  id: Type.Integer(),
  node_id: Type.Integer(),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  parent_name: Type.Union([Type.String(), Type.Null()]),
  /** Ancestor names from the first level below the root down to the parent ("New South Wales › Sydney Metro"). */
  location: Type.String(),
  identifier: Type.String(),
  street_line1: Type.String(),
  street_line2: Type.String(),
  suburb: Type.String(),
  city: Type.String(),
  state: Type.String(),
  postcode: Type.String(),
  contact: Type.String(),
  description: Type.String(),
  open_at: Type.Union([Type.Integer(), Type.Null()]),
  timezone: Type.Union([Type.String(), Type.Null()]),
  user_count: Type.Integer(),
});
export type WorkspaceRecord = Static<typeof WorkspaceRecord>;

export const WORKSPACE_SORTS = [
  'name',
  'identifier',
  'status',
  'city',
  'state',
  'parent_name',
  'open_at',
] as const;

export const WorkspaceListQuery = Type.Object({
  page: Page,
  per_page: Type.Integer({ minimum: 1, maximum: 1000, default: 25 }),
  sort: Type.Optional(
    Type.Unsafe<(typeof WORKSPACE_SORTS)[number]>(Type.Union(WORKSPACE_SORTS.map((s) => Type.Literal(s)))),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  /** Matches name, identifier, suburb, city, state and postcode. */
  search_key: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
  /** Only workspaces at or below this node. */
  node_id: Type.Optional(Id),
});
export type WorkspaceListQuery = Static<typeof WorkspaceListQuery>;

export const WorkspacePage = Paged(WorkspaceRecord);

const { identifier: _identifier, ...objectFields } = WorkspaceObjectInput.properties;

export const WorkspaceCreateBody = Type.Object(
  {
    name: Text(120),
    parent_id: Id,
    identifier: Type.String({ minLength: 1, maxLength: 64 }),
    ...objectFields,
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
  },
  { additionalProperties: false },
);
export type WorkspaceCreateBody = Static<typeof WorkspaceCreateBody>;

/** Every field but `id` is optional; `parent_id` moves the workspace under another container. */
export const WorkspaceUpdateBody = Type.Object({
  id: Id,
  name: Type.Optional(Text(120)),
  parent_id: Type.Optional(Id),
  identifier: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...objectFields,
});
export type WorkspaceUpdateBody = Static<typeof WorkspaceUpdateBody>;

/** How many workspaces are active in the tenant against its `max_active_workspace`. */
export const WorkspaceSummary = Type.Object({
  active: Type.Integer(),
  inactive: Type.Integer(),
  limit: Type.Integer(),
});
export type WorkspaceSummary = Static<typeof WorkspaceSummary>;
