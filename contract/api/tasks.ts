import Type, { type Static } from 'typebox';
import { Id, Literals, NamedRef, Paged, Paging, Sorting, Text, Timestamps } from './common';

/*
 * Task management (issue 10; spec §3 task type, §6 taskmanagement, §7 task calls). Dates are local
 * calendar dates (YYYY-MM-DD) and times local wall-clock times (HH:mm) that apply in each targeted
 * workspace's own time zone; instants (start_at, due_at, …) are ISO-8601 UTC strings.
 */

export const LOCAL_DATE = '^[1-9]\\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
export const LOCAL_TIME = '^([01]\\d|2[0-3]):[0-5]\\d$';
export const UPLOAD_HASH = '^[a-f0-9]{64}$';

/** `format: 'date'` checks the day exists (no 30 February): the database refuses one that does not. */
export const LocalDate = Type.String({
  pattern: LOCAL_DATE,
  format: 'date',
  description: 'A local date, YYYY-MM-DD',
});
export const LocalTime = Type.String({ pattern: LOCAL_TIME, description: 'A local time, HH:mm (24 h)' });
export const UploadHash = Type.String({ pattern: UPLOAD_HASH, description: 'An upload hash (SHA-256)' });

// ---------------------------------------------------------------- task types (spec §3)

/**
 * A task type's name per language (issue 44): language code → its name for readers of that
 * language; a language without one reads `name`, the tenant's default language's (nameIn).
 */
export const TypeNames = Type.Record(Type.String(), Type.String({ maxLength: 60 }), {
  description: 'Language code (en, es, fr) → the name in that language; empty or absent: `name`',
});

export const TaskType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  names: TypeNames,
  description: Type.String(),
  colour: Type.String(),
  secondary_colour: Type.String(),
  icon: Type.String(),
  sort_order: Type.Integer(),
});
export type TaskType = Static<typeof TaskType>;

export const TaskTypeList = Type.Object({ data: Type.Array(TaskType) });
export type TaskTypeList = Static<typeof TaskTypeList>;

const TaskTypeFields = {
  name: Text(60),
  names: Type.Optional(TypeNames),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  // Checked against HEX_COLOUR by the service, which can say what to type instead.
  colour: Type.String({ maxLength: 20, description: 'A hex colour such as #d32f2f' }),
  secondary_colour: Type.Optional(Type.String({ maxLength: 20, description: 'A lighter hex colour' })),
  icon: Type.Optional(Type.String({ maxLength: 60, description: 'A Material icon name such as Campaign' })),
};

export const TaskTypeCreateBody = Type.Object(TaskTypeFields);
export type TaskTypeCreateBody = Static<typeof TaskTypeCreateBody>;

export const TaskTypeUpdateBody = Type.Object({ id: Id, ...TaskTypeFields });
export type TaskTypeUpdateBody = Static<typeof TaskTypeUpdateBody>;

/** Every type of the tenant, in the wanted order. */
export const TaskTypeReorderBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true }),
});
export type TaskTypeReorderBody = Static<typeof TaskTypeReorderBody>;

// ---------------------------------------------------------------- task body

const Frequency = Literals('daily', 'weekly', 'monthly');

export const RecurrenceInput = Type.Object({
  freq: Frequency,
  /** Every N days, weeks or months (1 when absent). */
  interval: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  /** Weekly: 0 = Sunday … 6 = Saturday (the start date's weekday when absent). */
  weekdays: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
  ),
  /** Monthly: 1–31 (months without that day are skipped), or -1 for the last day of each month. */
  month_day: Type.Optional(Type.Integer({ minimum: -1, maximum: 31 })),
  /** The last date an occurrence may start on (inclusive). */
  until: Type.Optional(Type.Union([Type.Null(), LocalDate])),
  /** How many occurrences in all. */
  count: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 1000 })])),
});
export type RecurrenceInput = Static<typeof RecurrenceInput>;

export const Recurrence = Type.Object({
  freq: Frequency,
  interval: Type.Integer(),
  weekdays: Type.Optional(Type.Array(Type.Integer())),
  month_day: Type.Optional(Type.Integer()),
  until: Type.Optional(Type.String()),
  count: Type.Optional(Type.Integer()),
});
export type Recurrence = Static<typeof Recurrence>;

export const Evidence = Type.Object({
  comment: Type.Boolean({ default: false }),
  photos: Type.Integer({ minimum: 0, maximum: 20, default: 0 }),
  files: Type.Integer({ minimum: 0, maximum: 20, default: 0 }),
});
export type Evidence = Static<typeof Evidence>;

export const Targets = Type.Object({
  /** Nodes whose active workspaces receive the task (a container: every workspace under it, now and later). */
  include: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
  /** Nodes beneath the included ones whose workspaces do not. */
  exclude: Type.Optional(Type.Array(Id, { maxItems: 500, uniqueItems: true })),
});
export type Targets = Static<typeof Targets>;

/** `end_of_day`: expires at midnight after the due day; `HH:mm`: at that local time on the due day. */
export const Expiry = Type.Union([Type.Null(), Type.Literal('end_of_day'), LocalTime]);

const TaskFields = {
  title: Text(200),
  /** Rich text (HTML from the editor); sanitised by the server. */
  description: Type.Optional(Type.String({ maxLength: 100_000, default: '' })),
  type_id: Id,
  department_id: Type.Optional(Type.Union([Type.Null(), Id])),
  estimated_minutes: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 1440 })])),
  start_date: LocalDate,
  start_time: LocalTime,
  due_date: LocalDate,
  due_time: LocalTime,
  expiry: Type.Optional(Expiry),
  recurrence: Type.Optional(Type.Union([Type.Null(), RecurrenceInput])),
  targets: Targets,
  evidence: Type.Optional(Evidence),
  checklist: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 100 })),
  approval: Type.Optional(Type.Boolean({ default: false })),
  compliance: Type.Optional(Type.Boolean({ default: false })),
  attachments: Type.Optional(Type.Array(UploadHash, { maxItems: 20, uniqueItems: true })),
  /**
   * A form template (issue 48) the stores fill in as their completion, instead of a checklist: the
   * task keeps the template's version current when it is saved.
   */
  form_template_id: Type.Optional(Type.Union([Type.Null(), Id])),
};

/** The form a task carries: its template and the version the stores fill in. */
export const TaskForm = Type.Object({
  template_id: Type.Integer(),
  version_id: Type.Integer(),
  version: Type.Integer(),
  name: Type.String(),
});
export type TaskForm = Static<typeof TaskForm>;

export const TaskCreateBody = Type.Object(TaskFields);
export type TaskCreateBody = Static<typeof TaskCreateBody>;

/** An update replaces every field (the form sends the whole task). */
export const TaskUpdateBody = Type.Object({ id: Id, ...TaskFields });
export type TaskUpdateBody = Static<typeof TaskUpdateBody>;

/** Preview takes the body of create; `id` when editing, so the task's own work is not counted twice. */
export const TaskPreviewBody = Type.Object({ id: Type.Optional(Id), ...TaskFields });
export type TaskPreviewBody = Static<typeof TaskPreviewBody>;

// ---------------------------------------------------------------- task answers

export const TASK_STATUSES = ['draft', 'published', 'archived'] as const;
export const TaskStatus = Literals('draft', 'published', 'archived');
export type TaskStatus = Static<typeof TaskStatus>;

/** An assignment's states (the database column holds these; server/db/schema reads them from here). */
export const ASSIGNMENT_STATUSES = [
  'open',
  'submitted',
  'approved',
  'rejected',
  'done',
  'cannot_do',
  'expired',
  'cancelled',
] as const;

/**
 * A task's progress (README "Figures"): `assigned` counts the occurrences due so far and those the
 * stores dealt with early; `done` and `overdue` are among them. Later occurrences are `upcoming`,
 * never outstanding work; `next_due_at` is the first of them.
 */
export const Progress = Type.Object({
  assigned: Type.Integer(),
  done: Type.Integer(),
  overdue: Type.Integer(),
  upcoming: Type.Integer(),
  next_due_at: Type.Union([Type.Null(), Type.String()]),
});
export type Progress = Static<typeof Progress>;

/** A task type as a task shows it: its name and look (the store's screens add its order and kind). */
export const TypeLook = {
  id: Type.Integer(),
  name: Type.String(),
  names: Type.Optional(TypeNames),
  colour: Type.String(),
  secondary_colour: Type.String(),
  icon: Type.String(),
};
const TypeRef = Type.Object(TypeLook);
/** A department as a task shows it: its name and colour. */
export const DepartmentChip = Type.Object({ id: Type.Integer(), name: Type.String(), colour: Type.String() });
const DepartmentRef = Type.Union([Type.Null(), DepartmentChip]);

/** When a task starts and is due: local dates (YYYY-MM-DD) and times (HH:mm) in each store's zone. */
const Schedule = {
  start_date: Type.String(),
  start_time: Type.String(),
  due_date: Type.String(),
  due_time: Type.String(),
};

export const TaskSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: TaskStatus,
  type_id: Type.Integer(),
  type: TypeRef,
  department_id: Type.Union([Type.Null(), Type.Integer()]),
  department: DepartmentRef,
  estimated_minutes: Type.Union([Type.Null(), Type.Integer()]),
  ...Schedule,
  recurrence: Type.Union([Type.Null(), Recurrence]),
  compliance: Type.Boolean(),
  approval: Type.Boolean(),
  author: NamedRef,
  ...Timestamps,
  published_at: Type.Union([Type.Null(), Type.String()]),
  archived_at: Type.Union([Type.Null(), Type.String()]),
  progress: Progress,
});
export type TaskSummary = Static<typeof TaskSummary>;

export const TaskPage = Paged(TaskSummary);
export type TaskPage = Static<typeof TaskPage>;

export const TaskListQuery = Type.Object({
  ...Paging(200),
  search_key: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(TaskStatus),
  type_id: Type.Optional(Id),
  department_id: Type.Optional(Id),
  /** The author's user id. */
  author: Type.Optional(Id),
  ...Sorting('title', 'status', 'start_date', 'due_date', 'created_at', 'updated_at'),
});
export type TaskListQuery = Static<typeof TaskListQuery>;

export const TargetNode = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  mode: Literals('include', 'exclude'),
});

export const FileInfo = Type.Object({
  hash: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  mime: Type.String(),
});
export type FileInfo = Static<typeof FileInfo>;

/** A workspace a task targets: its node, name, identifier and time zone. */
const TargetedStore = {
  node_id: Type.Integer(),
  name: Type.String(),
  identifier: Type.Union([Type.Null(), Type.String()]),
  timezone: Type.String(),
};

/** Progress at one targeted workspace in the caller's scope. */
export const StoreProgress = Type.Object({ ...TargetedStore, ...Progress.properties });
export type StoreProgress = Static<typeof StoreProgress>;

/** A task as the detail and edit screens need it: the body's fields (so it can be sent back) and more. */
export const Task = Type.Object({
  ...TaskSummary.properties,
  description: Type.String(),
  expiry: Type.Union([Type.Null(), Type.String()]),
  targets: Type.Object({ include: Type.Array(Type.Integer()), exclude: Type.Array(Type.Integer()) }),
  target_nodes: Type.Array(TargetNode),
  evidence: Evidence,
  checklist: Type.Array(Type.String()),
  form: Type.Union([Type.Null(), TaskForm]),
  form_template_id: Type.Union([Type.Null(), Type.Integer()]),
  attachments: Type.Array(Type.String()),
  attachment_files: Type.Array(FileInfo),
  editors: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), edited_at: Type.String() })),
  /** Whether the caller may edit it (own task with update, or anyone's with manage). */
  editable: Type.Boolean(),
  stores: Type.Array(StoreProgress),
});
export type Task = Static<typeof Task>;

export const TaskPublishResult = Type.Object({
  id: Type.Integer(),
  status: TaskStatus,
  /** Assignments the task has after publishing. */
  assignments: Type.Integer(),
});
export type TaskPublishResult = Static<typeof TaskPublishResult>;

export const TaskArchiveResult = Type.Object({
  id: Type.Integer(),
  status: TaskStatus,
  /** Open assignments closed as cancelled. */
  cancelled: Type.Integer(),
});
export type TaskArchiveResult = Static<typeof TaskArchiveResult>;

export const TaskPreview = Type.Object({
  /** Workspaces that would receive the task. */
  stores: Type.Integer(),
  /** People positioned at those workspaces. */
  people: Type.Integer(),
  /** The first occurrence's local date (null: the schedule has no occurrence). */
  first_date: Type.Union([Type.Null(), Type.String()]),
  workspaces: Type.Array(Type.Object({ ...TargetedStore, people: Type.Integer() })),
  /**
   * Workspaces whose clock skips or repeats the first occurrence's start or due time (a
   * daylight-saving change that day): a skipped time is read as the instant after the gap (a
   * start never after the due time), a repeated one as its first instant.
   */
  clock_changes: Type.Array(
    Type.Object({
      node_id: Type.Integer(),
      name: Type.String(),
      timezone: Type.String(),
      which: Literals('start', 'due'),
      kind: Literals('skipped', 'repeated'),
    }),
  ),
  /** The targeted workspace with the most planned minutes on the first occurrence day. */
  busiest: Type.Union([
    Type.Null(),
    Type.Object({
      node_id: Type.Integer(),
      name: Type.String(),
      date: Type.String(),
      /** Estimated minutes of its other assignments that day. */
      minutes: Type.Integer(),
      /** The same plus this task's estimate. */
      with_task: Type.Integer(),
    }),
  ]),
});
export type TaskPreview = Static<typeof TaskPreview>;

// ---------------------------------------------------------------- day and search (spec §7)

/** `datetime`: unix seconds, an ISO instant, or a local date; the day is taken in `timezone`. */
export const TaskDateQuery = Type.Object({
  datetime: Type.String({ minLength: 1, maxLength: 40 }),
  timezone: Type.String({ minLength: 1, maxLength: 64 }),
  department: Type.Optional(Id),
});
export type TaskDateQuery = Static<typeof TaskDateQuery>;

export const TaskSearchQuery = Type.Object({
  search_key: Type.String({ maxLength: 200 }),
  timezone: Type.String({ minLength: 1, maxLength: 64 }),
  department: Type.Optional(Id),
});
export type TaskSearchQuery = Static<typeof TaskSearchQuery>;

export const DayTask = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: TaskStatus,
  type_id: Type.Integer(),
  department_id: Type.Union([Type.Null(), Type.Integer()]),
  estimated_minutes: Type.Union([Type.Null(), Type.Integer()]),
  ...Schedule,
  compliance: Type.Boolean(),
  approval: Type.Boolean(),
  progress: Progress,
});
export type DayTask = Static<typeof DayTask>;

/** A task type with its tasks (the groups My Tasks and the urgent modal read). */
export const TaskTypeGroup = Type.Object({ ...TaskType.properties, tasks: Type.Array(DayTask) });
export type TaskTypeGroup = Static<typeof TaskTypeGroup>;

export const TaskDay = Type.Object({
  /** The local day asked about (search: today in `timezone`). */
  date: Type.String(),
  data: Type.Array(TaskTypeGroup),
});
export type TaskDay = Static<typeof TaskDay>;

// ---------------------------------------------------------------- files

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const DownloadQuery = Type.Object({
  hash: Type.String({ maxLength: 64 }),
  /**
   * The name the file carries where the caller met it (a task's attachment, a submission's file):
   * the answer's Content-Disposition uses it when the file is known by that name, else its first name.
   */
  name: Type.Optional(Type.String({ maxLength: 255 })),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

/** Photos the server makes a thumbnail of (GET /api/task/attachments/thumbnail); others show by name. */
export const THUMBNAIL_SOURCES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** Photos are scaled on the phone to this longest edge before they are sent (slow store Wi-Fi). */
export const MAX_PHOTO_EDGE = 2560;
