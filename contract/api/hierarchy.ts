import Type, { type Static } from 'typebox';
import { Id, NamedRef, Paged, Paging, Text } from './common';
import { type HierarchyNode, NODE_FIELDS } from './session';

/** The names of a workspace's address and contact fields, in the order forms and files list them. */
export const WORKSPACE_ADDRESS_FIELDS = [
  'street_line1',
  'street_line2',
  'suburb',
  'city',
  'state',
  'postcode',
  'contact',
  'description',
] as const;

/** A workspace's identifier, address and contact, as every answer that shows a workspace reads them. */
export const WORKSPACE_DETAILS = {
  identifier: Type.String(),
  street_line1: Type.String(),
  street_line2: Type.String(),
  suburb: Type.String(),
  city: Type.String(),
  state: Type.String(),
  postcode: Type.String(),
  contact: Type.String(),
  description: Type.String(),
};

/**
 * A workspace node's object (spec §3). `open_at` travels in unix seconds (spec §9); the web app
 * holds it in milliseconds.
 */
export const WorkspaceObject = Type.Object({
  id: Type.Integer(),
  ...WORKSPACE_DETAILS,
  /** Seconds since the epoch (spec §9), within years 1900–2999. */
  open_at: Type.Union([Type.Integer({ minimum: -2208988800, maximum: 32503680000 }), Type.Null()]),
  timezone: Type.Union([Type.String(), Type.Null()]),
});
export type WorkspaceObject = Static<typeof WorkspaceObject>;

const Line = (maxLength: number) => Type.String({ maxLength });

/** The editable fields of a workspace object; on create `identifier` is required (checked by the service). */
export const WorkspaceObjectInput = Type.Object(
  {
    identifier: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    street_line1: Type.Optional(Line(200)),
    street_line2: Type.Optional(Line(200)),
    suburb: Type.Optional(Line(100)),
    city: Type.Optional(Line(100)),
    state: Type.Optional(Line(100)),
    postcode: Type.Optional(Line(20)),
    contact: Type.Optional(Line(200)),
    description: Type.Optional(Line(2000)),
    // Null first: the API coerces types, and an integer branch tried first would turn null into 0.
    open_at: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 32503680000 })])),
    timezone: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type WorkspaceObjectInput = Static<typeof WorkspaceObjectInput>;

/** A node of GET /api/hierarchy/tree/fetch: spec §3 fields plus the workspace object and head count. */
export interface TreeNode extends HierarchyNode {
  /** Users positioned at this node itself (not below it). */
  user_count: number;
  object: WorkspaceObject | null;
  children: TreeNode[];
}

const TreeNodeSchema = Type.Cyclic(
  {
    TreeNode: Type.Object({
      ...NODE_FIELDS,
      user_count: Type.Integer(),
      object: Type.Union([WorkspaceObject, Type.Null()]),
      children: Type.Array(Type.Ref('TreeNode')),
    }),
  },
  'TreeNode',
);
export const HierarchyTreeData = Type.Unsafe<TreeNode[]>(Type.Array(TreeNodeSchema));

/** GET /api/hierarchy/node/get: one node with where it sits and how much hangs below it. */
export const NodeRecord = Type.Object({
  ...NODE_FIELDS,
  /** Names of the ancestors from the root down, for breadcrumbs. */
  ancestors: Type.Array(NamedRef),
  child_count: Type.Integer(),
  /** Nodes below this one at any depth. */
  descendant_count: Type.Integer(),
  user_count: Type.Integer(),
  /** Distinct users positioned at this node or below it. */
  subtree_user_count: Type.Integer(),
  object: Type.Union([WorkspaceObject, Type.Null()]),
});
export type NodeRecord = Static<typeof NodeRecord>;

export const NodeCreateBody = Type.Object({
  parent_id: Id,
  // Any text is accepted here so that a wrong type gets spec §5's 'Node Type Error'.
  type: Type.String({ maxLength: 40 }),
  name: Text(120),
  object: Type.Optional(WorkspaceObjectInput),
});
export type NodeCreateBody = Static<typeof NodeCreateBody>;

/** Spec §7: `id, name, optional object` to edit, or `id, parent_id` to move (both may come together). */
export const NodeUpdateBody = Type.Object({
  id: Id,
  name: Type.Optional(Text(120)),
  object: Type.Optional(WorkspaceObjectInput),
  parent_id: Type.Optional(Id),
});
export type NodeUpdateBody = Static<typeof NodeUpdateBody>;

export const NodeDeleteBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) });

export const NodeDeleteData = Type.Object({
  /** Nodes removed, the chosen ones and everything below them. */
  deleted: Type.Integer(),
  /** Distinct users whose positions moved to the unassigned node. */
  moved_users: Type.Integer(),
  unassigned_id: Type.Integer(),
});
export type NodeDeleteData = Static<typeof NodeDeleteData>;

const PageQuery = {
  ...Paging(1000),
  search_key: Type.Optional(Type.String({ maxLength: 200 })),
};

export const AssignListQuery = Type.Object({ node_id: Id, ...PageQuery });
export const ListObjectQuery = Type.Object({
  node_id: Id,
  type: Type.Literal('user', { description: 'Only users are listed as objects of a node' }),
  ...PageQuery,
});

/**
 * One position (assignment) of a user at a node. `id` is the position's id — the id that
 * PUT /api/hierarchy/assign/transfer moves — and `user_id` the user's.
 */
export const Assignment = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  preferred_name: Type.Union([Type.String(), Type.Null()]),
  username: Type.String(),
  email: Type.String(),
  enabled: Type.Boolean(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  node_id: Type.Integer(),
  node_name: Type.String(),
  node_type: Type.String(),
});
export type Assignment = Static<typeof Assignment>;
export const AssignmentPage = Paged(Assignment);

export const TransferBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000, description: 'Position ids (Assignment.id)' }),
  node_id: Id,
});
export type TransferBody = Static<typeof TransferBody>;

export const TransferData = Type.Object({ moved: Type.Integer(), node_id: Type.Integer() });
