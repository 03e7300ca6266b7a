import Type, { type Static } from 'typebox';
import { Answer } from '../forms';
import { Id, Literals, NamedRef, Paged, Paging, Sorting, StoreRef } from './common';
import { LocalDate } from './tasks';

/*
 * Actions (issue 49), module `action`: routes under /api/action. An action is a problem at a store
 * tracked until it is fixed: made by hand, from a failed inspection item (pre-filled with its
 * question, answer and photos), or from a task a store could not do or a reviewer sent back. The
 * store (or the person it is assigned to) works it to done or cannot fix; someone who may update
 * actions closes it, or reopens it. Every step is kept in its history.
 */

export const ACTION_STATUSES = ['open', 'in_progress', 'done', 'cannot_fix'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export const ACTION_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ActionPriority = (typeof ACTION_PRIORITIES)[number];

/** Where an action came from. */
export const ACTION_SOURCES = ['manual', 'inspection', 'task'] as const;
export type ActionSource = (typeof ACTION_SOURCES)[number];

/** What a step of the history is. */
export const ACTION_EVENT_KINDS = [
  'created',
  'comment',
  'status',
  'assigned',
  'edited',
  'escalated',
  'closed',
  'reopened',
] as const;
export type ActionEventKind = (typeof ACTION_EVENT_KINDS)[number];

/**
 * Which actions a list, a count or the dashboard means (README "Actions", one definition each):
 * `unresolved` open or in progress; `overdue` unresolved with its due date before the store's
 * today; `to_close` done or cannot fix and not yet closed; `closed` closed.
 */
export const ACTION_STATES = ['unresolved', 'overdue', 'to_close', 'closed'] as const;
export type ActionState = (typeof ACTION_STATES)[number];

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** An action as lists show it. */
export const ActionRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  priority: Literals(...ACTION_PRIORITIES),
  status: Literals(...ACTION_STATUSES),
  /** The store's local date it is due by (the end of that day in the store's zone). */
  due_date: Type.String(),
  store: StoreRef,
  /** The person it is assigned to; null: the store's team. */
  assignee: Nullable(NamedRef),
  created_by: NamedRef,
  created_at: Type.String(),
  updated_at: Type.String(),
  /** When someone who may update actions closed it (after done or cannot fix). */
  closed_at: Nullable(Type.String()),
  /** Past its due date and still open or in progress. */
  overdue: Type.Boolean(),
  /** When it was escalated one level up the tree for being overdue. */
  escalated_at: Nullable(Type.String()),
  source: Literals(...ACTION_SOURCES),
});
export type ActionRow = Static<typeof ActionRow>;

/** One step of an action's history: who did what, with what they said and showed. */
export const ActionEvent = Type.Object({
  id: Type.Integer(),
  kind: Literals(...ACTION_EVENT_KINDS),
  /** Null: Storeline itself (an escalation). */
  user: Nullable(NamedRef),
  at: Type.String(),
  comment: Type.String(),
  /** Uploaded files' hashes (photos of the fix, of the problem). */
  photos: Type.Array(Type.String()),
  /** A status step's statuses. */
  from_status: Nullable(Literals(...ACTION_STATUSES)),
  to_status: Nullable(Literals(...ACTION_STATUSES)),
});
export type ActionEvent = Static<typeof ActionEvent>;

/** The failed inspection item an action was made from, as it was answered. */
export const ActionInspectionItem = Type.Object({
  inspection_id: Type.Integer(),
  template: Type.String(),
  question_id: Type.String(),
  section: Type.String(),
  prompt: Type.String(),
  answer: Answer,
});

/** An action with everything its page shows. */
export const Action = Type.Object({
  ...ActionRow.properties,
  description: Type.String(),
  /** The photos and files it was raised with. */
  photos: Type.Array(Type.String()),
  inspection_item: Nullable(ActionInspectionItem),
  /** The task assignment it was raised from (a can't-do, a send-back), with its task's title. */
  assignment: Nullable(Type.Object({ id: Type.Integer(), task_title: Type.String() })),
  closed_by: Nullable(NamedRef),
  events: Type.Array(ActionEvent),
  /** What the caller may do with it now. */
  can: Type.Object({
    /** Move it to in progress, done or cannot fix: its assignee, the store's team, or update here. */
    work: Type.Boolean(),
    /** Change its fields, close or reopen it. */
    update: Type.Boolean(),
    delete: Type.Boolean(),
  }),
});
export type Action = Static<typeof Action>;

export const ActionPage = Paged(ActionRow);
export type ActionPage = Static<typeof ActionPage>;

export const ActionListQuery = Type.Object({
  ...Paging(200, 25),
  ...Sorting('due_date', 'priority', 'created_at', 'updated_at', 'id'),
  /** Assigned to me, or to the store of my position when assigned to no one. */
  mine: Type.Optional(Type.Boolean()),
  state: Type.Optional(Literals(...ACTION_STATES)),
  status: Type.Optional(Literals(...ACTION_STATUSES)),
  priority: Type.Optional(Literals(...ACTION_PRIORITIES)),
  source: Type.Optional(Literals(...ACTION_SOURCES)),
  /** A store, or an area whose stores are meant (inside the caller's scope). */
  node_id: Type.Optional(Id),
  assignee_id: Type.Optional(Id),
  /** The actions raised from one inspection's failed items. */
  inspection_id: Type.Optional(Id),
  /** Due dates (inclusive). */
  due_from: Type.Optional(LocalDate),
  due_to: Type.Optional(LocalDate),
  /** Words of the title or the description. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  format: Type.Optional(Literals('json', 'csv', 'xlsx')),
});
export type ActionListQuery = Static<typeof ActionListQuery>;

const Title = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 4000 });
const Photos = Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 10 });

export const ActionCreateBody = Type.Object({
  title: Title,
  description: Type.Optional(Description),
  priority: Type.Optional(Literals(...ACTION_PRIORITIES)),
  due_date: LocalDate,
  /** The store it concerns (in the caller's scope); taken from the inspection or task when raised from one. */
  store_id: Type.Optional(Id),
  /** A person positioned in the caller's scope; none: the store's team. */
  assignee_id: Type.Optional(Nullable(Id)),
  photos: Type.Optional(Photos),
  /** A failed item of a finished inspection: one action per item. */
  inspection_id: Type.Optional(Id),
  question_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** A task assignment that could not be done or was sent back. */
  assignment_id: Type.Optional(Id),
});
export type ActionCreateBody = Static<typeof ActionCreateBody>;

export const ActionUpdateBody = Type.Object({
  id: Id,
  title: Type.Optional(Title),
  description: Type.Optional(Description),
  priority: Type.Optional(Literals(...ACTION_PRIORITIES)),
  due_date: Type.Optional(LocalDate),
  assignee_id: Type.Optional(Nullable(Id)),
});
export type ActionUpdateBody = Static<typeof ActionUpdateBody>;

/** A step of work: in progress, done (say or show what was done) or cannot fix (say why). */
export const ActionStatusBody = Type.Object({
  id: Id,
  status: Literals(...ACTION_STATUSES),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
  photos: Type.Optional(Photos),
});
export type ActionStatusBody = Static<typeof ActionStatusBody>;

export const ActionCommentBody = Type.Object({
  id: Id,
  comment: Type.String({ maxLength: 2000 }),
  photos: Type.Optional(Photos),
});
export type ActionCommentBody = Static<typeof ActionCommentBody>;

/** Close a done or cannot-fix action, or reopen it (with a reason) for more work. */
export const ActionCloseBody = Type.Object({
  id: Id,
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ActionCloseBody = Static<typeof ActionCloseBody>;

export const ActionCountsQuery = Type.Object({
  /** A store or an area in the caller's scope; none: the caller's own place. */
  node_id: Type.Optional(Id),
});
export type ActionCountsQuery = Static<typeof ActionCountsQuery>;

/** The dashboard's figures: the list with `state=` the same name answers the same total. */
export const ActionCounts = Type.Object({
  unresolved: Type.Integer(),
  overdue: Type.Integer(),
  to_close: Type.Integer(),
  /** The caller's own: assigned to them, or to their store with no one named (the list's `mine`). */
  mine: Type.Integer(),
});
export type ActionCounts = Static<typeof ActionCounts>;

/** Who an action at a store may be assigned to: people there or above it in the caller's scope who read actions. */
export const ActionAssigneesQuery = Type.Object({
  store_id: Id,
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ActionAssigneesQuery = Static<typeof ActionAssigneesQuery>;

export const ActionAssignees = Type.Object({ data: Type.Array(NamedRef) });
export type ActionAssignees = Static<typeof ActionAssignees>;

/** The error code of a second action for one inspection item: `errors.id` names the first. */
export const ACTION_EXISTS_CODE = 'ACTION_EXISTS';
