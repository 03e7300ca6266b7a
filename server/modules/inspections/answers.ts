import type { Answer, Question } from '../../../contract/forms';
import { isCalendarDate } from '../../lib/localDates';

/** The sentence for an answer that does not fit its question's kind. */
const WRONG: Record<Question['kind'], string> = {
  yes_no: 'Answer yes or no.',
  choice: 'Choose among the question’s options.',
  number: 'Answer with a number.',
  text: 'Answer with text.',
  date: 'Answer with a date (YYYY-MM-DD).',
  photo: 'Answer with photos.',
  signature: 'Answer with an uploaded signature image.',
};

const empty = (value: Answer['value']) => value === undefined || value === null || value === '';

/**
 * Why an answer cannot be kept for this question (a sentence), or null when it fits: the schema
 * takes any answer's shape, the question's kind says which one it must be. An answer without a
 * value (a comment or photos first, the value later) fits every kind.
 */
export function checkAnswer(question: Question, answer: Answer): string | null {
  const na = answer.na === true || answer.value === 'na';
  if (na) return question.allow_na ? null : 'This question cannot be answered N/A.';
  const { value } = answer;
  if (empty(value)) return null;
  switch (question.kind) {
    case 'yes_no':
      return value === 'yes' || value === 'no' ? null : WRONG.yes_no;
    case 'choice': {
      const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : undefined;
      const options = new Set((question.options ?? []).map((o) => o.id));
      if (!chosen || chosen.some((id) => !options.has(id))) return WRONG.choice;
      return chosen.length > 1 && !question.multiple ? 'Choose one option.' : null;
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : WRONG.number;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? null : WRONG.date;
    case 'signature':
      return typeof value === 'string' && /^[a-f0-9]{64}$/.test(value) ? null : WRONG.signature;
    case 'photo':
      return WRONG.photo;
    default:
      return typeof value === 'string' ? null : WRONG.text;
  }
}
