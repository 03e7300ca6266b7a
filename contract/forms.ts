import Type, { type Static } from 'typebox';
import { Literals } from './api/common';

/*
 * Scored forms (issue 48): what a form template holds, what an inspection answers, and the one
 * definition of an inspection's score. The server scores what it keeps; the phone scores as the
 * inspector goes; both call `scoreInspection` here, so the figure on the screen is the figure saved.
 */

export const QUESTION_KINDS = ['yes_no', 'choice', 'number', 'text', 'date', 'photo', 'signature'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** The kinds that can carry points: the others are evidence and never fail. */
export const SCORED_KINDS: readonly QuestionKind[] = ['yes_no', 'choice', 'number'];

export const FORM_LIMITS = {
  sections: 50,
  questionsPerSection: 100,
  questions: 500,
  options: 30,
  maxWeight: 100,
  maxPhotos: 20,
  promptLength: 500,
  helpLength: 1000,
  commentLength: 2000,
  textAnswerLength: 5000,
  /** A number question's range and answer stay within ± this (every request number is bounded). */
  largestNumber: 1_000_000_000,
} as const;

const FormNumber = Type.Number({ minimum: -FORM_LIMITS.largestNumber, maximum: FORM_LIMITS.largestNumber });

/** A stable id for a question or option inside one template (kept across versions). */
const Key = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });

export const ChoiceOption = Type.Object({
  id: Key,
  label: Type.String({ minLength: 1, maxLength: 200 }),
  /** Choosing it fails the question. */
  fails: Type.Boolean({ default: false }),
});
export type ChoiceOption = Static<typeof ChoiceOption>;

/** Shown only once the question `question_id` (earlier in the form) has one of `answers`. */
export const ShowIf = Type.Object({
  question_id: Key,
  /** yes_no: `yes`/`no`/`na`; choice: option ids. */
  answers: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { minItems: 1, maxItems: 30 }),
});
export type ShowIf = Static<typeof ShowIf>;

export const Question = Type.Object({
  id: Key,
  kind: Literals(...QUESTION_KINDS),
  prompt: Type.String({ minLength: 1, maxLength: FORM_LIMITS.promptLength }),
  help: Type.Optional(Type.String({ maxLength: FORM_LIMITS.helpLength })),
  /** A visible required question must be answered before the inspection can be finished. */
  required: Type.Boolean({ default: true }),
  /** Points a passing answer earns (scored kinds only; 0 = not scored). */
  weight: Type.Number({ minimum: 0, maximum: FORM_LIMITS.maxWeight, default: 0 }),
  /** Whether N/A may be answered: it removes the question from the maximum. */
  allow_na: Type.Boolean({ default: false }),
  /** yes_no: the answers that fail it (usually `["no"]`). */
  failing: Type.Optional(Type.Array(Literals('yes', 'no'), { maxItems: 2 })),
  /** choice: the options, and whether several may be chosen. */
  options: Type.Optional(Type.Array(ChoiceOption, { maxItems: FORM_LIMITS.options })),
  multiple: Type.Optional(Type.Boolean()),
  /** number: the acceptable range (inclusive); outside it fails. */
  min: Type.Optional(FormNumber),
  max: Type.Optional(FormNumber),
  unit: Type.Optional(Type.String({ maxLength: 20 })),
  /** photo: at least this many photos. */
  min_photos: Type.Optional(Type.Integer({ minimum: 0, maximum: FORM_LIMITS.maxPhotos })),
  /** A failing answer must come with a photo / a comment. */
  photo_on_fail: Type.Optional(Type.Boolean()),
  comment_on_fail: Type.Optional(Type.Boolean()),
  show_if: Type.Optional(ShowIf),
});
export type Question = Static<typeof Question>;

export const Section = Type.Object({
  id: Key,
  title: Type.String({ minLength: 1, maxLength: 200 }),
  questions: Type.Array(Question, { maxItems: FORM_LIMITS.questionsPerSection }),
});
export type Section = Static<typeof Section>;

/** A template version's content: what an inspection made with that version asks. */
export const FormDefinition = Type.Object({
  sections: Type.Array(Section, { minItems: 1, maxItems: FORM_LIMITS.sections }),
  /** An inspection passes at this percentage or above (absent: no pass mark). */
  pass_mark: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
});
export type FormDefinition = Static<typeof FormDefinition>;

/** What an inspection says to one question. Photos and a signature are uploaded files' hashes. */
export const Answer = Type.Object({
  /** yes_no: `yes`/`no`/`na`; choice: option ids; number; text; date (YYYY-MM-DD); signature: a hash. */
  value: Type.Optional(
    Type.Union([
      Type.String({ maxLength: FORM_LIMITS.textAnswerLength }),
      FormNumber,
      Type.Array(Type.String({ maxLength: 40 }), { maxItems: FORM_LIMITS.options }),
      Type.Null(),
    ]),
  ),
  /** Chosen N/A (any kind whose question allows it). */
  na: Type.Optional(Type.Boolean()),
  comment: Type.Optional(Type.String({ maxLength: FORM_LIMITS.commentLength })),
  photos: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-f0-9]{64}$' }), { maxItems: FORM_LIMITS.maxPhotos }),
  ),
});
export type Answer = Static<typeof Answer>;

export const Answers = Type.Record(Key, Answer);
export type Answers = Record<string, Answer>;

/** Every question in form order with the section it sits in. */
export function questionsOf(definition: FormDefinition): { section: Section; question: Question }[] {
  return definition.sections.flatMap((section) =>
    section.questions.map((question) => ({ section, question })),
  );
}

const isNa = (answer: Answer | undefined) => answer?.na === true || answer?.value === 'na';

/** The answer's chosen values as strings (a yes/no answer, a choice's options). */
function chosen(answer: Answer | undefined): string[] {
  if (!answer || answer.value === undefined || answer.value === null) return [];
  if (Array.isArray(answer.value)) return answer.value;
  return [String(answer.value)];
}

/** Whether a question has an answer (N/A counts as one). */
export function isAnswered(question: Question, answer: Answer | undefined): boolean {
  if (!answer) return false;
  if (isNa(answer)) return question.allow_na;
  switch (question.kind) {
    case 'photo':
      return (answer.photos?.length ?? 0) > 0;
    case 'number':
      return typeof answer.value === 'number' && Number.isFinite(answer.value);
    case 'choice':
      return chosen(answer).length > 0;
    default:
      return typeof answer.value === 'string' && answer.value.trim() !== '';
  }
}

/** Whether an answered question fails: a failing yes/no, a failing option, a number out of range. */
export function fails(question: Question, answer: Answer | undefined): boolean {
  if (!answer || isNa(answer) || !isAnswered(question, answer)) return false;
  switch (question.kind) {
    case 'yes_no':
      return (question.failing ?? ['no']).includes(answer.value as 'yes' | 'no');
    case 'choice': {
      const failing = new Set((question.options ?? []).filter((o) => o.fails).map((o) => o.id));
      return chosen(answer).some((id) => failing.has(id));
    }
    case 'number': {
      const n = answer.value as number;
      return (
        (question.min !== undefined && n < question.min) || (question.max !== undefined && n > question.max)
      );
    }
    default:
      return false;
  }
}

/**
 * The questions a person sees with these answers: a question with `show_if` shows only while the
 * question it names is itself shown and has one of the listed answers (so hiding cascades).
 */
export function visibleQuestionIds(definition: FormDefinition, answers: Answers): Set<string> {
  const visible = new Set<string>();
  for (const { question } of questionsOf(definition)) {
    const rule = question.show_if;
    if (!rule) {
      visible.add(question.id);
      continue;
    }
    if (!visible.has(rule.question_id)) continue;
    const answer = answers[rule.question_id];
    const given = isNa(answer) ? ['na'] : chosen(answer);
    if (given.some((v) => rule.answers.includes(v))) visible.add(question.id);
  }
  return visible;
}

export interface FailedItem {
  question_id: string;
  section: string;
  prompt: string;
  answer: Answer;
}

export interface InspectionScore {
  /** Points earned by the visible scored questions answered and not N/A. */
  points: number;
  /** Their weights' sum: N/A, hidden and unanswered questions are not in it. */
  max: number;
  /** points / max × 100 to one decimal; null when nothing scored was answered. */
  percentage: number | null;
  /** Whether the percentage reaches the template's pass mark (null without a pass mark or a percentage). */
  passed: boolean | null;
  failed: FailedItem[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The one definition of an inspection's score (README "Inspections"): each visible scored question
 * answered other than N/A adds its weight to the maximum, and to the points unless it fails.
 * Failed items are every visible failing answer, scored or not weighted, in form order.
 */
export function scoreInspection(definition: FormDefinition, answers: Answers): InspectionScore {
  const visible = visibleQuestionIds(definition, answers);
  let points = 0;
  let max = 0;
  const failed: FailedItem[] = [];
  for (const { section, question } of questionsOf(definition)) {
    if (!visible.has(question.id)) continue;
    const answer = answers[question.id];
    if (!isAnswered(question, answer) || isNa(answer)) continue;
    const failing = fails(question, answer);
    if (failing)
      failed.push({
        question_id: question.id,
        section: section.title,
        prompt: question.prompt,
        answer: answer!,
      });
    if (!SCORED_KINDS.includes(question.kind) || question.weight <= 0) continue;
    max += question.weight;
    if (!failing) points += question.weight;
  }
  const percentage = max > 0 ? round1((points / max) * 100) : null;
  const passed =
    definition.pass_mark === undefined || percentage === null ? null : percentage >= definition.pass_mark;
  return { points: round1(points), max: round1(max), percentage, passed, failed };
}

export type MissingReason = 'answer' | 'photo' | 'comment' | 'photos';

/** What stops an inspection being finished: each visible question still owed something, in form order. */
export function missingAnswers(
  definition: FormDefinition,
  answers: Answers,
): { question_id: string; reason: MissingReason }[] {
  const visible = visibleQuestionIds(definition, answers);
  const missing: { question_id: string; reason: MissingReason }[] = [];
  for (const { question } of questionsOf(definition)) {
    if (!visible.has(question.id)) continue;
    const answer = answers[question.id];
    if (!isAnswered(question, answer)) {
      if (question.required) missing.push({ question_id: question.id, reason: 'answer' });
      continue;
    }
    if (isNa(answer)) continue;
    if (question.kind === 'photo' && (answer?.photos?.length ?? 0) < (question.min_photos ?? 1)) {
      missing.push({ question_id: question.id, reason: 'photos' });
    }
    if (fails(question, answer)) {
      if (question.photo_on_fail && (answer?.photos?.length ?? 0) === 0) {
        missing.push({ question_id: question.id, reason: 'photo' });
      }
      if (question.comment_on_fail && !answer?.comment?.trim()) {
        missing.push({ question_id: question.id, reason: 'comment' });
      }
    }
  }
  return missing;
}

/**
 * What makes a definition unusable, as sentences a template's author can act on (empty when it is
 * sound): unique ids, options where a choice needs them, a sane range, rules that point backwards.
 */
export function definitionProblems(definition: FormDefinition): string[] {
  const problems: string[] = [];
  const seen = new Map<string, Question>();
  const sectionIds = new Set<string>();
  let count = 0;
  for (const section of definition.sections) {
    if (sectionIds.has(section.id)) problems.push(`Two sections have the id "${section.id}"`);
    sectionIds.add(section.id);
    for (const q of section.questions) {
      count += 1;
      if (seen.has(q.id)) problems.push(`Two questions have the id "${q.id}"`);
      if (q.kind === 'choice') {
        const options = q.options ?? [];
        if (options.length < 2) problems.push(`"${q.prompt}" needs at least two options`);
        if (new Set(options.map((o) => o.id)).size !== options.length) {
          problems.push(`"${q.prompt}" has two options with the same id`);
        }
      }
      if (q.kind === 'number' && q.min !== undefined && q.max !== undefined && q.min > q.max) {
        problems.push(`"${q.prompt}": the lowest acceptable number is above the highest`);
      }
      if (q.weight > 0 && !SCORED_KINDS.includes(q.kind)) {
        problems.push(
          `"${q.prompt}" cannot carry points: only yes/no, choice and number questions are scored`,
        );
      }
      if (q.show_if) {
        const target = seen.get(q.show_if.question_id);
        if (!target) {
          problems.push(`"${q.prompt}" can only depend on a question above it`);
        } else if (target.kind !== 'yes_no' && target.kind !== 'choice') {
          problems.push(`"${q.prompt}" can only depend on a yes/no or choice question`);
        }
      }
      seen.set(q.id, q);
    }
  }
  if (count === 0) problems.push('Add at least one question');
  if (count > FORM_LIMITS.questions) problems.push(`A form holds at most ${FORM_LIMITS.questions} questions`);
  return problems;
}
