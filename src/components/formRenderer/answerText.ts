import type { TranslateFunction } from 'react-admin';
import type { Answer, Question } from '../../../contract/forms';

/**
 * An answer in words, as a report reads it: Yes/No/N/A, the chosen options' labels, a number with
 * its unit, the text, a date in the reader's pattern; undefined when there is nothing to say in
 * words (photos and signatures show as images).
 */
export function answerText(
  question: Question,
  answer: Answer | undefined,
  translate: TranslateFunction,
  formatDay: (day: string) => string,
): string | undefined {
  if (!answer) return undefined;
  if (answer.na === true || answer.value === 'na') return translate('inspections.form.na');
  const { value } = answer;
  if (value === undefined || value === null || value === '') return undefined;
  switch (question.kind) {
    case 'yes_no':
      return translate(`inspections.form.${String(value)}`);
    case 'choice': {
      const ids = Array.isArray(value) ? value : [String(value)];
      return ids.map((id) => question.options?.find((o) => o.id === id)?.label ?? id).join(', ');
    }
    case 'number':
      return question.unit ? `${value} ${question.unit}` : String(value);
    case 'date':
      return formatDay(String(value));
    case 'text':
      return String(value);
    default:
      return undefined;
  }
}
