import Type, { type Static } from 'typebox';
import { Id, Literals, NamedRef, Paged, Paging, StoreRef } from './common';
import { Submission, TaskContent } from './mytasks';
import { LocalDate } from './tasks';

const Instant = Type.String({ description: 'ISO-8601 instant in UTC' });

/** Which submissions a list counts or shows: those waiting for a decision, or those decided. */
export const ReviewState = Literals('waiting', 'approved', 'rejected');
export type ReviewState = Static<typeof ReviewState>;

/** Filters shared by the audit queues (by task and by workspace). Dates are local due dates. */
export const AuditQueueQuery = Type.Object({
  ...Paging(200),
  from: Type.Optional(LocalDate),
  to: Type.Optional(LocalDate),
  /** Only workspaces under this node (inside the caller's scope). */
  node_id: Type.Optional(Id),
  type_id: Type.Optional(Id),
  department_id: Type.Optional(Id),
  /** Only rows with at least one submission in this state; default `waiting`. */
  status: Type.Optional(Type.Union([ReviewState, Type.Literal('all')])),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type AuditQueueQuery = Static<typeof AuditQueueQuery>;

/** Counts of submissions under review for one task or one workspace. */
const ReviewCounts = {
  waiting: Type.Integer(),
  approved: Type.Integer(),
  rejected: Type.Integer(),
  /** When the oldest waiting submission was sent; null when nothing waits. */
  oldest_waiting_at: Type.Union([Instant, Type.Null()]),
};

export const AuditTaskRow = Type.Object({
  id: Type.Integer({ description: 'The task id' }),
  title: Type.String(),
  type: Type.Object({ id: Type.Integer(), name: Type.String(), colour: Type.String(), icon: Type.String() }),
  department: Type.Union([NamedRef, Type.Null()]),
  ...ReviewCounts,
});
export type AuditTaskRow = Static<typeof AuditTaskRow>;
export const AuditTaskPage = Paged(AuditTaskRow);
export type AuditTaskPage = Static<typeof AuditTaskPage>;

export const AuditStoreRow = Type.Object({
  id: Type.Integer({ description: 'The workspace node id' }),
  name: Type.String(),
  /** The containers above it, e.g. "New South Wales / Sydney Metro". */
  parent_path: Type.String(),
  ...ReviewCounts,
});
export type AuditStoreRow = Static<typeof AuditStoreRow>;
export const AuditStorePage = Paged(AuditStoreRow);
export type AuditStorePage = Static<typeof AuditStorePage>;

/**
 * A task's and/or a workspace's submissions. The queue's filters may come along, so the list opened
 * from a queue line shows what that line counted.
 */
export const SubmissionListQuery = Type.Object({
  ...Paging(200),
  task_id: Type.Optional(Id),
  workspace_id: Type.Optional(Id),
  status: Type.Optional(Type.Union([ReviewState, Type.Literal('all')])),
  from: Type.Optional(LocalDate),
  to: Type.Optional(LocalDate),
  node_id: Type.Optional(Id),
  type_id: Type.Optional(Id),
  department_id: Type.Optional(Id),
});
export type SubmissionListQuery = Static<typeof SubmissionListQuery>;

/** One submission in a queue. */
export const AuditSubmissionRow = Type.Object({
  id: Type.Integer({ description: 'The submission id' }),
  assignment_id: Type.Integer(),
  task: Type.Object({ id: Type.Integer(), title: Type.String() }),
  workspace: StoreRef,
  occurrence_date: LocalDate,
  due_at: Instant,
  attempt: Type.Integer(),
  submitted_by: NamedRef,
  submitted_at: Instant,
  /** Sent after its due time. */
  late: Type.Boolean(),
  state: ReviewState,
  photos: Type.Integer(),
  files: Type.Integer(),
  /** The first evidence photo the server makes a thumbnail of (THUMBNAIL_SOURCES), for the list. */
  cover: Type.Union([Type.String(), Type.Null()]),
});
export type AuditSubmissionRow = Static<typeof AuditSubmissionRow>;
export const AuditSubmissionPage = Paged(AuditSubmissionRow);
export type AuditSubmissionPage = Static<typeof AuditSubmissionPage>;

/** A submission with what a reviewer needs beside it: the instructions and the earlier attempts. */
export const AuditSubmissionDetail = Type.Object({
  submission: AuditSubmissionRow,
  task: TaskContent,
  /** Every attempt of this assignment, oldest first; the last one is this submission. */
  history: Type.Array(Submission),
  /** May the caller decide on it (audit.update, waiting, not their own unless at the root). */
  can_review: Type.Boolean(),
  /** Why not, in words, when can_review is false. */
  review_blocked: Type.Union([Type.String(), Type.Null()]),
});
export type AuditSubmissionDetail = Static<typeof AuditSubmissionDetail>;

export const ApproveBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true }),
});
export type ApproveBody = Static<typeof ApproveBody>;

export const RejectBody = Type.Object({
  id: Id,
  reason: Type.String({ minLength: 1, maxLength: 1000 }),
  /** The hash of one of the submission's photos that the reason is about. */
  attachment: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});
export type RejectBody = Static<typeof RejectBody>;

export const ReviewResult = Type.Object({
  /** The submissions decided by this call. */
  ids: Type.Array(Type.Integer()),
  decision: Literals('approved', 'rejected'),
});
export type ReviewResult = Static<typeof ReviewResult>;
