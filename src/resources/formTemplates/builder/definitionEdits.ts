import {
  type ChoiceOption,
  type FormDefinition,
  type Question,
  type QuestionKind,
  SCORED_KINDS,
  type Section,
} from '../../../../contract/forms';

/*
 * The template builder's edits, as pure functions of the sections (the form holds the contract's
 * own shapes, so what is edited is what is sent). Ids are made once, when a section, question or
 * option is added, and kept on every edit: an inspection's answers are keyed by them.
 */

/** A short id, unique within a template in practice; definitionProblems names a clash if one ever happens. */
export const newKey = () => crypto.randomUUID().slice(0, 8);

export const isScored = (kind: QuestionKind) => SCORED_KINDS.includes(kind);

/** Whether other questions can be shown depending on this one's answer. */
export const canTrigger = (question: Question) => question.kind === 'yes_no' || question.kind === 'choice';

export const blankSection = (): Section => ({ id: newKey(), title: '', questions: [] });

/** A new question of `kind`: scored kinds start worth a point and failing on "no", the others carry none. */
export function blankQuestion(kind: QuestionKind, multiple = false): Question {
  const base: Question = {
    id: newKey(),
    kind,
    prompt: '',
    required: true,
    weight: isScored(kind) ? 1 : 0,
    allow_na: false,
  };
  switch (kind) {
    case 'yes_no':
      return { ...base, failing: ['no'] };
    case 'choice':
      return { ...base, options: [], multiple };
    case 'photo':
      return { ...base, min_photos: 1 };
    default:
      return base;
  }
}

export const blankOption = (): ChoiceOption => ({ id: newKey(), label: '', fails: false });

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  const next = [...items];
  if (to < 0 || to >= items.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export const replaced = <T>(items: readonly T[], index: number, item: T): T[] =>
  items.map((old, i) => (i === index ? item : old));

export const removed = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/**
 * What is sent of a question: only the fields its kind reads (a question that changed from scored
 * to not loses its points), with empty optional texts left out.
 */
function sent(question: Question): Question {
  const { id, kind, prompt, required, allow_na, show_if } = question;
  const out: Question = {
    id,
    kind,
    prompt: prompt.trim(),
    required,
    weight: isScored(kind) ? question.weight : 0,
    allow_na,
  };
  const help = question.help?.trim();
  if (help) out.help = help;
  if (show_if) out.show_if = show_if;
  if (isScored(kind)) {
    if (question.photo_on_fail) out.photo_on_fail = true;
    if (question.comment_on_fail) out.comment_on_fail = true;
  }
  if (kind === 'yes_no') out.failing = question.failing ?? [];
  if (kind === 'choice') {
    out.options = (question.options ?? []).map((o) => ({ ...o, label: o.label.trim() }));
    out.multiple = question.multiple === true;
  }
  if (kind === 'number') {
    if (typeof question.min === 'number') out.min = question.min;
    if (typeof question.max === 'number') out.max = question.max;
    const unit = question.unit?.trim();
    if (unit) out.unit = unit;
  }
  if (kind === 'photo') out.min_photos = question.min_photos ?? 1;
  return out;
}

/** The definition the API takes from the builder's sections and pass mark (blank: none). */
export function definitionOf(sections: readonly Section[], passMark: unknown): FormDefinition {
  const definition: FormDefinition = {
    sections: sections.map((s) => ({ id: s.id, title: s.title.trim(), questions: s.questions.map(sent) })),
  };
  if (typeof passMark === 'number' && Number.isFinite(passMark)) definition.pass_mark = passMark;
  return definition;
}
