import Type, { type Static } from 'typebox';
import { Id, Literals, Paged, Paging, Text } from './common';
import { WORKSPACE_DETAILS, WorkspaceObjectInput } from './hierarchy';

/**
 * A workspace as the workspace and store info screens show it: the object's fields, the node's
 * name and status, and where it sits. `id` is the workspace (object) id — the session's
 * `workspaceId` — and `node_id` its hierarchy node. `open_at` is in unix seconds.
 */
export const WorkspaceRecord = Type.Object({
  id: Type.Integer(),
  node_id: Type.Integer(),
  name: Type.String(),
  status: Literals('active', 'inactive'),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  parent_name: Type.Union([Type.String(), Type.Null()]),
  /** Ancestor names from the first level below the root down to the parent ("New South Wales › Sydney Metro"). */
  location: Type.String(),
  ...WORKSPACE_DETAILS,
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
  ...Paging(1000),
  sort: Type.Optional(
    Type.Unsafe<(typeof WORKSPACE_SORTS)[number]>(Type.Union(WORKSPACE_SORTS.map((s) => Type.Literal(s)))),
  ),
  order: Type.Optional(Literals('asc', 'desc')),
  /** Matches name, identifier, suburb, city, state and postcode. */
  search_key: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Literals('active', 'inactive')),
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
    status: Type.Optional(Literals('active', 'inactive')),
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
