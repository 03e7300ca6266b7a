import Type, { type Static } from 'typebox';
import { Id, Literals, NamedRef, StoreRef } from './common';
import { ASSIGNMENT_STATUSES, DepartmentChip, LocalDate, TypeLook } from './tasks';

/** The states of one task occurrence at one workspace (design §5). */
export const AssignmentStatus = Literals(...ASSIGNMENT_STATUSES);
export type AssignmentStatus = Static<typeof AssignmentStatus>;

const Instant = Type.String({ description: 'ISO-8601 instant in UTC' });
const Timezone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone of the browser' });
const DateTime = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'ISO-8601 (a date, or a date and time) or unix seconds',
});
const DepartmentFilter = Type.Optional(Id);

// ---- queries -------------------------------------------------------------------------------

export const MyTaskDateQuery = Type.Object({
  datetime: DateTime,
  timezone: Timezone,
  department: DepartmentFilter,
});
export type MyTaskDateQuery = Static<typeof MyTaskDateQuery>;

export const MyTaskUrgentQuery = Type.Object({
  datetime: Type.String({ minLength: 1, maxLength: 40, description: 'unix seconds (spec §7)' }),
  timezone: Timezone,
});
export type MyTaskUrgentQuery = Static<typeof MyTaskUrgentQuery>;

export const MyTaskSearchQuery = Type.Object({
  search_key: Type.String({ maxLength: 100 }),
  timezone: Timezone,
  department: DepartmentFilter,
});
export type MyTaskSearchQuery = Static<typeof MyTaskSearchQuery>;

/** Either the assignment, or a task and the local day it occurs on (and, above store level, where). */
export const MyTaskGetQuery = Type.Object({
  assignment_id: Type.Optional(Id),
  task_id: Type.Optional(Id),
  date: Type.Optional(LocalDate),
  workspace_id: Type.Optional(Id),
});
export type MyTaskGetQuery = Static<typeof MyTaskGetQuery>;

// ---- the store's day ------------------------------------------------------------------------

export const TaskTypeKind = Literals('task', 'urgent', 'communication');
export type TaskTypeKind = Static<typeof TaskTypeKind>;

export const MyTaskType = Type.Object({
  ...TypeLook,
  sort_order: Type.Integer(),
  /** `communication`: acknowledged per person; `urgent`: feeds the urgent-tasks modal. */
  kind: TaskTypeKind,
});
export type MyTaskType = Static<typeof MyTaskType>;

export const EvidenceRules = Type.Object({
  comment: Type.Boolean(),
  photos: Type.Integer(),
  files: Type.Integer(),
  /** Number of checklist steps; every one must be ticked to complete. */
  checklist: Type.Integer(),
});
export type EvidenceRules = Static<typeof EvidenceRules>;

/** Communications: whether the caller has read it, and how many people of the store have. */
export const Acknowledgement = Type.Object({
  acknowledged: Type.Boolean(),
  /** The caller had acknowledged an earlier version; the author has edited it since. */
  stale: Type.Boolean(),
  acknowledged_count: Type.Integer(),
  people: Type.Integer(),
});
export type Acknowledgement = Static<typeof Acknowledgement>;

/** The form (issue 48) a task's store fills in as its completion, and the store's inspection of it once started. */
export const MyTaskForm = Type.Object({
  name: Type.String(),
  inspection_id: Type.Union([Type.Integer(), Type.Null()]),
  percentage: Type.Union([Type.Number(), Type.Null()]),
});
export type MyTaskForm = Static<typeof MyTaskForm>;

export const MyTaskCard = Type.Object({
  assignment_id: Type.Integer(),
  task_id: Type.Integer(),
  title: Type.String(),
  type_id: Type.Integer(),
  status: AssignmentStatus,
  /** Nothing left for the caller to do: completed, submitted, approved, can't do, or (communications) read. */
  done: Type.Boolean(),
  occurrence_date: LocalDate,
  start_at: Instant,
  due_at: Instant,
  expires_at: Type.Union([Instant, Type.Null()]),
  overdue: Type.Boolean(),
  expired: Type.Boolean(),
  workspace: StoreRef,
  department: Type.Union([DepartmentChip, Type.Null()]),
  estimated_minutes: Type.Union([Type.Integer(), Type.Null()]),
  checklist: Type.Object({ total: Type.Integer(), done: Type.Integer() }),
  evidence: EvidenceRules,
  approval: Type.Boolean(),
  attempt: Type.Integer(),
  /** The reviewer's reason while the assignment is rejected. */
  rejection_reason: Type.Union([Type.String(), Type.Null()]),
  form: Type.Union([MyTaskForm, Type.Null()]),
  acknowledgement: Type.Union([Acknowledgement, Type.Null()]),
});
export type MyTaskCard = Static<typeof MyTaskCard>;

export const MyTaskGroup = Type.Object({ type: MyTaskType, tasks: Type.Array(MyTaskCard) });
export type MyTaskGroup = Static<typeof MyTaskGroup>;

/** `data.data`: one group per task type that has work, in the types' sort order. */
export const MyTaskGroups = Type.Object({ data: Type.Array(MyTaskGroup) });
export type MyTaskGroups = Static<typeof MyTaskGroups>;

export const UrgentTask = Type.Object({
  assignment_id: Type.Integer(),
  task_id: Type.Integer(),
  title: Type.String(),
  due_at: Instant,
  /** Where it is to be done: several rows of one recall differ only here for an area manager. */
  workspace: StoreRef,
  /** false until completed: the modal opens while any is false (spec §4). */
  status: Type.Boolean(),
});
export type UrgentTask = Static<typeof UrgentTask>;

export const UrgentTasks = Type.Object({ data: Type.Array(UrgentTask) });
export type UrgentTasks = Static<typeof UrgentTasks>;

// ---- one task -------------------------------------------------------------------------------

export const TaskFileRef = Type.Object({
  hash: Type.String(),
  name: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  kind: Literals('photo', 'document'),
});
export type TaskFileRef = Static<typeof TaskFileRef>;

export const Submission = Type.Object({
  id: Type.Integer(),
  attempt: Type.Integer(),
  outcome: Literals('done', 'cannot_do'),
  comment: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  checklist: Type.Array(Type.Boolean()),
  attachments: Type.Array(TaskFileRef),
  submitted_by: NamedRef,
  submitted_at: Instant,
  review: Type.Union([
    Type.Object({
      decision: Literals('approved', 'rejected'),
      reason: Type.Union([Type.String(), Type.Null()]),
      reviewed_by: Type.Union([NamedRef, Type.Null()]),
      reviewed_at: Type.Union([Instant, Type.Null()]),
      /** The evidence photo (hash) a rejection points at. */
      attachment: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type Submission = Static<typeof Submission>;

/** What a store is asked to do, as the store and the audit read it. */
export const TaskContent = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Sanitised rich text (HTML). */
  description: Type.String(),
  type: MyTaskType,
  checklist: Type.Array(Type.String()),
  attachments: Type.Array(TaskFileRef),
});

export const MyTaskDetail = Type.Object({
  task: TaskContent,
  assignment: MyTaskCard,
  /** Oldest first: each attempt with its review. */
  submissions: Type.Array(Submission),
});
export type MyTaskDetail = Static<typeof MyTaskDetail>;

// ---- completing -----------------------------------------------------------------------------

export const MyTaskCompleteBody = Type.Object({
  assignment_id: Id,
  comment: Type.Optional(Type.String({ maxLength: 5000 })),
  /** Hashes of files the caller uploaded with POST /api/user/task/upload. */
  attachments: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 50 })),
  /** One tick per checklist step, in the task's order. */
  checklist: Type.Optional(Type.Array(Type.Boolean(), { maxItems: 200 })),
  /** Communications: "I have read this". */
  acknowledged: Type.Optional(Type.Literal(true)),
  outcome: Type.Optional(Literals('done', 'cannot_do')),
  /** Why it cannot be done (required with `cannot_do`). */
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
  /**
   * Idempotency key: an id the device made for this completion (a UUID). Sent again, with the same
   * body, it stores nothing new and answers what the first request answered; with another body it
   * is refused (409 `completion_id_reused`). Offline queues send every completion with one.
   */
  client_id: Type.Optional(Type.String({ format: 'uuid' })),
});
export type MyTaskCompleteBody = Static<typeof MyTaskCompleteBody>;

/**
 * Why a completion was refused (409's `code`), so a queued completion sent later can say what
 * happened meanwhile in the person's language.
 */
export const COMPLETION_CONFLICTS = [
  'task_withdrawn',
  'task_expired',
  'task_completed',
  'already_acknowledged',
  'completion_id_reused',
] as const;
export type CompletionConflict = (typeof COMPLETION_CONFLICTS)[number];
