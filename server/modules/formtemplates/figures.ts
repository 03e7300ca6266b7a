import { maxScoreOf } from '../../../contract/formMaxScore';
import { type FormDefinition, questionsOf } from '../../../contract/forms';

// The highest score is the contract's, so the web's template builder shows the figure saved here.
export { maxScoreOf };

/** What a version's row keeps beside its definition for the lists. */
export const versionFigures = (definition: FormDefinition) => ({
  definition,
  questions: questionsOf(definition).length,
  maxScore: maxScoreOf(definition),
});
