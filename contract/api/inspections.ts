import Type, { type Static } from 'typebox';
import { Answer, Answers, FormDefinition } from '../forms';
import { Id, Literals, NamedRef, Paged, Paging, Sorting, StoreRef } from './common';
import { LocalDate } from './tasks';

/*
 * Inspections (issue 48), module `inspection`: routes under /api/inspection. An inspection is a
 * store visit made with one version of a form template. It is saved as the inspector goes
 * (`/answer`, one question at a time, safe to repeat) and finished once, with a signature; the
 * score is `scoreInspection` of contract/forms.ts over the answers kept.
 */

export const INSPECTION_STATUSES = ['in_progress', 'completed'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

const Score = {
  /** Points and maximum of contract/forms.ts `scoreInspection`; percentage null with nothing scored. */
  points: Type.Number(),
  max_score: Type.Number(),
  percentage: Type.Union([Type.Number(), Type.Null()]),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  failed_count: Type.Integer(),
};

/** An inspection as lists show it. */
export const InspectionRow = Type.Object({
  id: Type.Integer(),
  template: Type.Object({ id: Type.Integer(), name: Type.String(), version: Type.Integer() }),
  store: StoreRef,
  inspector: NamedRef,
  status: Literals(...INSPECTION_STATUSES),
  started_at: Type.String(),
  completed_at: Type.Union([Type.String(), Type.Null()]),
  /** The task assignment it completes, when it came as a task (null for a store visit). */
  assignment_id: Type.Union([Type.Integer(), Type.Null()]),
  ...Score,
});
export type InspectionRow = Static<typeof InspectionRow>;

export const FailedItem = Type.Object({
  question_id: Type.String(),
  section: Type.String(),
  prompt: Type.String(),
  answer: Answer,
});

/** An inspection with what it asks and what it was answered. */
export const Inspection = Type.Object({
  ...InspectionRow.properties,
  definition: FormDefinition,
  answers: Answers,
  failed: Type.Array(FailedItem),
  /** The inspector's signature (an uploaded PNG's hash) and the name signed under it. */
  signature: Type.Union([Type.Object({ hash: Type.String(), name: Type.String() }), Type.Null()]),
  /** Whether the caller may still change it: its inspector, or update on inspections, before it is finished. */
  editable: Type.Boolean(),
});
export type Inspection = Static<typeof Inspection>;

export const InspectionPage = Paged(InspectionRow);
export type InspectionPage = Static<typeof InspectionPage>;

export const InspectionListQuery = Type.Object({
  ...Paging(200, 25),
  ...Sorting('started_at', 'completed_at', 'percentage', 'id'),
  template_id: Type.Optional(Id),
  /** A store, or a node whose stores are meant (inside the caller's scope). */
  node_id: Type.Optional(Id),
  inspector_id: Type.Optional(Id),
  status: Type.Optional(Literals(...INSPECTION_STATUSES)),
  /** Local dates (inclusive) of when it was finished, else started. */
  from: Type.Optional(LocalDate),
  to: Type.Optional(LocalDate),
  /** Percentage bounds (inclusive). */
  min_score: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  max_score: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  format: Type.Optional(Literals('json', 'csv', 'xlsx')),
});
export type InspectionListQuery = Static<typeof InspectionListQuery>;

/** A store visit: an inspection of a store in the caller's part of the tree with a template's current version. */
export const InspectionCreateBody = Type.Object({ template_id: Id, store_id: Id });
export type InspectionCreateBody = Static<typeof InspectionCreateBody>;

/** A store's task with a form: the assignment whose form to open. */
export const TaskFormOpenBody = Type.Object({ assignment_id: Id });
export type TaskFormOpenBody = Static<typeof TaskFormOpenBody>;

/** One question's answer, saved as the inspector goes (the last one sent wins). */
export const InspectionAnswerBody = Type.Object({
  id: Id,
  question_id: Type.String({ maxLength: 40 }),
  answer: Answer,
});
export type InspectionAnswerBody = Static<typeof InspectionAnswerBody>;

/** Finishing: every required visible question answered, signed. Refused with the missing items otherwise. */
export const InspectionFinishBody = Type.Object({
  id: Id,
  signature: Type.String({ pattern: '^[a-f0-9]{64}$', description: 'The uploaded signature image hash' }),
  signed_by: Type.String({ minLength: 1, maxLength: 200 }),
});
export type InspectionFinishBody = Static<typeof InspectionFinishBody>;

/** A store's or an area's inspection scores over time: the average percentage of inspections finished each week. */
export const InspectionScoresQuery = Type.Object({
  /** Absent: the caller's own place in the tree. */
  node_id: Type.Optional(Id),
  from: LocalDate,
  to: LocalDate,
  template_id: Type.Optional(Id),
  /** The by-child table as a file. */
  format: Type.Optional(Literals('json', 'csv', 'xlsx')),
});
export type InspectionScoresQuery = Static<typeof InspectionScoresQuery>;

export const ScorePoint = Type.Object({
  week: LocalDate,
  inspections: Type.Integer(),
  average: Type.Union([Type.Number(), Type.Null()]),
});

export const ScoreRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** `container` rows can be opened a level down; `workspace` rows are stores. */
  type: Type.String(),
  inspections: Type.Integer(),
  /** Mean of the finished inspections' percentages (those with one), to one decimal. */
  average: Type.Union([Type.Number(), Type.Null()]),
  latest: Type.Union([Type.Number(), Type.Null()]),
  failed_items: Type.Integer(),
});

export const InspectionScores = Type.Object({
  /** The node the figures are of. */
  node: Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String() }),
  totals: Type.Object({
    inspections: Type.Integer(),
    average: Type.Union([Type.Number(), Type.Null()]),
    failed_items: Type.Integer(),
  }),
  /** Week by week (the tenant's week start). */
  trend: Type.Array(ScorePoint),
  /** The node's children (areas, or stores under an area), each over the range. */
  by_child: Type.Array(ScoreRow),
});
export type InspectionScores = Static<typeof InspectionScores>;

/** The `code` of a finish refused for what is still owed (`errors` names each question by id). */
export const INSPECTION_INCOMPLETE_CODE = 'INSPECTION_INCOMPLETE';

/** The questions that failed most often (issue 49's "recurring failures") in a subtree over a range. */
export const InspectionRecurringQuery = Type.Object({
  /** Absent: the caller's own place in the tree. */
  node_id: Type.Optional(Id),
  from: LocalDate,
  to: LocalDate,
  template_id: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  format: Type.Optional(Literals('json', 'csv', 'xlsx')),
});
export type InspectionRecurringQuery = Static<typeof InspectionRecurringQuery>;

export const RecurringFailure = Type.Object({
  template: NamedRef,
  question_id: Type.String(),
  section: Type.String(),
  prompt: Type.String(),
  /** Finished inspections in the range where it failed. */
  failures: Type.Integer(),
  /** Finished inspections of its template in the range (those that could fail it). */
  inspections: Type.Integer(),
  /** Distinct stores where it failed. */
  stores: Type.Integer(),
  /** The stores where it failed most, at most three, most first. */
  worst_stores: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), failures: Type.Integer() }),
  ),
});
export type RecurringFailure = Static<typeof RecurringFailure>;

export const InspectionRecurring = Type.Object({
  node: Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String() }),
  data: Type.Array(RecurringFailure),
});
export type InspectionRecurring = Static<typeof InspectionRecurring>;
