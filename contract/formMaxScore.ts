import {
  type Answer,
  type Answers,
  type FormDefinition,
  type Question,
  questionsOf,
  SCORED_KINDS,
  scoreInspection,
} from './forms';

/** A passing answer to a scored question (or any answer, where every one fails: it still counts). */
function passingAnswer(question: Question): Answer | undefined {
  switch (question.kind) {
    case 'yes_no': {
      const failing: readonly string[] = question.failing ?? ['no'];
      return { value: ['yes', 'no'].find((v) => !failing.includes(v)) ?? 'yes' };
    }
    case 'choice': {
      const options = question.options ?? [];
      const option = options.find((o) => !o.fails) ?? options[0];
      return option ? { value: [option.id] } : undefined;
    }
    case 'number':
      return { value: question.min ?? question.max ?? 0 };
    default:
      return undefined;
  }
}

/**
 * A version's highest score, as the lists and the template builder show it: the maximum
 * `scoreInspection` counts for the form with every question shown (no show-if) and every scored one
 * answered to pass — so it is the scoring's own rule (scored kinds with a weight above 0), not a
 * second definition of it. Here, not in the server, so the builder's live figure is the one saved.
 */
export function maxScoreOf(definition: FormDefinition): number {
  const everyQuestion: FormDefinition = {
    ...definition,
    sections: definition.sections.map((section) => ({
      ...section,
      questions: section.questions.map(({ show_if: _, ...question }) => question),
    })),
  };
  const answers: Answers = {};
  for (const { question } of questionsOf(everyQuestion)) {
    if (!SCORED_KINDS.includes(question.kind)) continue;
    const answer = passingAnswer(question);
    if (answer) answers[question.id] = answer;
  }
  return scoreInspection(everyQuestion, answers).max;
}
