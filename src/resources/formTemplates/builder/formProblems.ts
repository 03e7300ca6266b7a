import {
  definitionProblems,
  FORM_LIMITS,
  type FormDefinition,
  questionsOf,
} from '../../../../contract/forms';

/** A problem in the screen's words: a message key under `form_templates.problems` and its values. */
export interface Problem {
  key: string;
  args: Record<string, string | number>;
}

/**
 * contract/forms.ts words its problems in English for the server, which reads each in the caller's
 * language by the same sentences (server/i18n/formTemplates.*.ts); here each becomes its message
 * key, and one this list does not know yet is shown as the contract words it.
 */
const SENTENCES: [RegExp, string, string][] = [
  [/^Two sections have the id "(.*)"$/, 'section_ids', 'id'],
  [/^Two questions have the id "(.*)"$/, 'question_ids', 'id'],
  [/^"(.*)" needs at least two options$/, 'two_options', 'prompt'],
  [/^"(.*)" has two options with the same id$/, 'option_ids', 'prompt'],
  [/^"(.*)": the lowest acceptable number is above the highest$/, 'range', 'prompt'],
  [/^"(.*)" cannot carry points: .*$/, 'points', 'prompt'],
  [/^"(.*)" can only depend on a question above it$/, 'show_if_above', 'prompt'],
  [/^"(.*)" can only depend on a yes\/no or choice question$/, 'show_if_kind', 'prompt'],
  [/^Add at least one question$/, 'no_question', ''],
  [/^A form holds at most (\d+) questions$/, 'too_many', 'n'],
];

function fromSentence(sentence: string): Problem {
  for (const [pattern, key, name] of SENTENCES) {
    const match = pattern.exec(sentence);
    if (match) return { key: `form_templates.problems.${key}`, args: name ? { [name]: match[1]! } : {} };
  }
  return { key: 'form_templates.problems.other', args: { text: sentence } };
}

/**
 * What the API's schema refuses before definitionProblems looks (blank titles, prompts, labels, a
 * show-if with no answer chosen), placed by section and question number so the author finds them.
 */
function blanks(definition: FormDefinition): Problem[] {
  const problems: Problem[] = [];
  definition.sections.forEach((section, s) => {
    if (!section.title.trim())
      problems.push({ key: 'form_templates.problems.section_title', args: { section: s + 1 } });
  });
  let n = 0;
  for (const { question } of questionsOf(definition)) {
    n += 1;
    if (!question.prompt.trim())
      problems.push({ key: 'form_templates.problems.prompt', args: { question: n } });
    if ((question.options ?? []).some((o) => !o.label.trim()))
      problems.push({ key: 'form_templates.problems.option_label', args: { question: n } });
    if (!(question.weight >= 0 && question.weight <= FORM_LIMITS.maxWeight))
      problems.push({ key: 'form_templates.problems.weight', args: { question: n } });
    if (question.show_if && question.show_if.answers.length === 0)
      problems.push({ key: 'form_templates.problems.show_if_answers', args: { question: n } });
  }
  return problems;
}

/** Everything that stops the definition being saved, in the order an author would put it right. */
export const formProblems = (definition: FormDefinition): Problem[] => [
  ...blanks(definition),
  ...definitionProblems(definition).map(fromSentence),
];
