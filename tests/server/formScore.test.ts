import { describe, expect, it } from 'vitest';
import {
  type Answers,
  definitionProblems,
  type FormDefinition,
  missingAnswers,
  type Question,
  scoreInspection,
  visibleQuestionIds,
} from '../../contract/forms';
import { maxScoreOf } from '../../server/modules/formtemplates/figures';

/*
 * The one definition of an inspection's score (contract/forms.ts), checked against figures worked
 * out by hand: what a store's result reads is what these say.
 */

const yesNo = (id: string, weight: number, extra: Partial<Question> = {}): Question => ({
  id,
  kind: 'yes_no',
  prompt: `Question ${id}`,
  required: true,
  weight,
  allow_na: false,
  ...extra,
});

const form = (questions: Question[], extra: Partial<FormDefinition> = {}): FormDefinition => ({
  sections: [{ id: 's1', title: 'Front of store', questions }],
  ...extra,
});

/** Three yes/no questions worth 1, 2 and 3 points. */
const weighted = (extra: Partial<Question> = {}) =>
  form([yesNo('q1', 1), yesNo('q2', 2), yesNo('q3', 3, extra)]);

describe('scoreInspection', () => {
  it('adds the weights of passing answers: 1 + 3 of 6 when the 2-point question fails is 66.7 %', () => {
    const score = scoreInspection(weighted(), {
      q1: { value: 'yes' },
      q2: { value: 'no' },
      q3: { value: 'yes' },
    });
    expect(score).toMatchObject({ points: 4, max: 6, percentage: 66.7, passed: null });
    expect(score.failed).toEqual([
      { question_id: 'q2', section: 'Front of store', prompt: 'Question q2', answer: { value: 'no' } },
    ]);
  });

  it('takes an N/A question out of the maximum: 1 of 3 is 33.3 %', () => {
    const definition = weighted({ allow_na: true });
    for (const na of [{ value: 'na' }, { na: true }]) {
      expect(
        scoreInspection(definition, { q1: { value: 'yes' }, q2: { value: 'no' }, q3: na }),
      ).toMatchObject({ points: 1, max: 3, percentage: 33.3 });
    }
  });

  it('does not take N/A from a question that does not allow it: it stays unanswered and owed', () => {
    const answers: Answers = { q1: { value: 'yes' }, q2: { value: 'yes' }, q3: { value: 'na' } };
    expect(scoreInspection(weighted(), answers)).toMatchObject({ points: 3, max: 3, percentage: 100 });
    expect(missingAnswers(weighted(), answers)).toEqual([{ question_id: 'q3', reason: 'answer' }]);
  });

  it('counts neither the points nor the absence of a question show-if hides', () => {
    // q2 is asked only when q1 is answered no; here q1 is yes, and q2's earlier "no" is left over.
    const definition = form([
      yesNo('q1', 1),
      yesNo('q2', 2, { show_if: { question_id: 'q1', answers: ['no'] } }),
    ]);
    const answers: Answers = { q1: { value: 'yes' }, q2: { value: 'no' } };
    expect(visibleQuestionIds(definition, answers)).toEqual(new Set(['q1']));
    expect(scoreInspection(definition, answers)).toMatchObject({
      points: 1,
      max: 1,
      percentage: 100,
      failed: [],
    });
    expect(missingAnswers(definition, { q1: { value: 'yes' } })).toEqual([]);
    // Answered no, q2 shows, is owed, and then counts.
    expect(missingAnswers(definition, { q1: { value: 'no' } })).toEqual([
      { question_id: 'q2', reason: 'answer' },
    ]);
    expect(scoreInspection(definition, { q1: { value: 'no' }, q2: { value: 'yes' } })).toMatchObject({
      points: 2,
      max: 3,
      percentage: 66.7,
    });
  });

  it('hides what hangs on a hidden question, whatever that question was answered', () => {
    const definition = form([
      yesNo('q1', 1),
      yesNo('q2', 2, { show_if: { question_id: 'q1', answers: ['no'] } }),
      yesNo('q3', 4, { show_if: { question_id: 'q2', answers: ['yes'] } }),
    ]);
    const answers: Answers = { q1: { value: 'yes' }, q2: { value: 'yes' }, q3: { value: 'no' } };
    expect(visibleQuestionIds(definition, answers)).toEqual(new Set(['q1']));
    expect(scoreInspection(definition, answers)).toMatchObject({ points: 1, max: 1, failed: [] });
    expect(visibleQuestionIds(definition, { ...answers, q1: { value: 'no' } })).toEqual(
      new Set(['q1', 'q2', 'q3']),
    );
  });

  it('fails a number outside its range, both ends included in it', () => {
    const definition = form([
      {
        id: 'temp',
        kind: 'number',
        prompt: 'Fridge °C',
        required: true,
        weight: 5,
        allow_na: false,
        min: 0,
        max: 5,
      },
    ]);
    const at = (value: number) => scoreInspection(definition, { temp: { value } });
    expect(at(5)).toMatchObject({ points: 5, max: 5, failed: [] });
    expect(at(0)).toMatchObject({ points: 5, max: 5 });
    expect(at(7)).toMatchObject({ points: 0, max: 5, percentage: 0 });
    expect(at(7).failed.map((f) => f.question_id)).toEqual(['temp']);
    expect(at(-1).points).toBe(0);
  });

  it('fails a multiple choice when any chosen option fails', () => {
    const definition = form([
      {
        id: 'signs',
        kind: 'choice',
        prompt: 'Signs seen',
        required: true,
        weight: 2,
        allow_na: false,
        multiple: true,
        options: [
          { id: 'price', label: 'Price tickets', fails: false },
          { id: 'torn', label: 'Torn posters', fails: true },
          { id: 'promo', label: 'Promotion', fails: false },
        ],
      },
    ]);
    expect(scoreInspection(definition, { signs: { value: ['price', 'promo'] } })).toMatchObject({
      points: 2,
      max: 2,
    });
    const failing = scoreInspection(definition, { signs: { value: ['price', 'torn'] } });
    expect(failing).toMatchObject({ points: 0, max: 2, percentage: 0 });
    expect(failing.failed).toHaveLength(1);
  });

  it('leaves an optional question nobody answered out of the maximum and out of what is owed', () => {
    const definition = form([yesNo('q1', 1), yesNo('q2', 2, { required: false })]);
    expect(scoreInspection(definition, { q1: { value: 'yes' } })).toMatchObject({ points: 1, max: 1 });
    expect(missingAnswers(definition, { q1: { value: 'yes' } })).toEqual([]);
  });

  it('reads the pass mark against the rounded percentage, and says nothing without one', () => {
    const answers: Answers = { q1: { value: 'yes' }, q2: { value: 'no' }, q3: { value: 'yes' } };
    const passMark = (pass_mark?: number) =>
      scoreInspection({ ...weighted(), ...(pass_mark === undefined ? {} : { pass_mark }) }, answers).passed;
    expect(passMark(70)).toBe(false);
    expect(passMark(66.7)).toBe(true);
    expect(passMark(60)).toBe(true);
    expect(passMark()).toBeNull();
    // Nothing scored answered: no percentage, so no verdict either.
    expect(scoreInspection({ ...weighted(), pass_mark: 50 }, {})).toMatchObject({
      points: 0,
      max: 0,
      percentage: null,
      passed: null,
    });
  });

  it('lists a failing answer of an unweighted question without scoring it', () => {
    const definition = form([yesNo('q1', 0), yesNo('q2', 2)]);
    const score = scoreInspection(definition, { q1: { value: 'no' }, q2: { value: 'yes' } });
    expect(score).toMatchObject({ points: 2, max: 2, percentage: 100 });
    expect(score.failed.map((f) => f.question_id)).toEqual(['q1']);
  });
});

describe('missingAnswers', () => {
  it('owes photos up to the question’s least number', () => {
    const definition = form([
      {
        id: 'shelf',
        kind: 'photo',
        prompt: 'Shelf photos',
        required: true,
        weight: 0,
        allow_na: false,
        min_photos: 2,
      },
    ]);
    const hash = (c: string) => c.repeat(64);
    expect(missingAnswers(definition, {})).toEqual([{ question_id: 'shelf', reason: 'answer' }]);
    expect(missingAnswers(definition, { shelf: { photos: [hash('a')] } })).toEqual([
      { question_id: 'shelf', reason: 'photos' },
    ]);
    expect(missingAnswers(definition, { shelf: { photos: [hash('a'), hash('b')] } })).toEqual([]);
  });

  it('owes a photo and a comment with a failing answer that asks for them, and nothing with a passing one', () => {
    const definition = form([yesNo('q1', 1, { photo_on_fail: true, comment_on_fail: true })]);
    expect(missingAnswers(definition, { q1: { value: 'no' } })).toEqual([
      { question_id: 'q1', reason: 'photo' },
      { question_id: 'q1', reason: 'comment' },
    ]);
    expect(missingAnswers(definition, { q1: { value: 'no', comment: '   ' } })).toContainEqual({
      question_id: 'q1',
      reason: 'comment',
    });
    expect(
      missingAnswers(definition, { q1: { value: 'no', comment: 'Spill', photos: ['c'.repeat(64)] } }),
    ).toEqual([]);
    expect(missingAnswers(definition, { q1: { value: 'yes' } })).toEqual([]);
  });
});

describe('definitionProblems', () => {
  it('finds nothing wrong with a sound form', () => {
    expect(
      definitionProblems(
        form([yesNo('q1', 1), yesNo('q2', 2, { show_if: { question_id: 'q1', answers: ['no'] } })]),
      ),
    ).toEqual([]);
  });

  it('names each problem so the author can find it', () => {
    const choice = (options: number): Question => ({
      id: 'c1',
      kind: 'choice',
      prompt: 'Pick one',
      required: true,
      weight: 0,
      allow_na: false,
      options: Array.from({ length: options }, (_, i) => ({
        id: `o${i}`,
        label: `Option ${i}`,
        fails: false,
      })),
    });
    expect(definitionProblems(form([yesNo('q1', 1), yesNo('q1', 1)]))).toEqual([
      'Two questions have the id "q1"',
    ]);
    expect(definitionProblems(form([choice(1)]))).toEqual(['"Pick one" needs at least two options']);
    expect(
      definitionProblems(
        form([yesNo('q1', 1, { show_if: { question_id: 'q2', answers: ['no'] } }), yesNo('q2', 1)]),
      ),
    ).toEqual(['"Question q1" can only depend on a question above it']);
    expect(definitionProblems(form([{ ...yesNo('t1', 3), kind: 'text', prompt: 'Notes' }]))).toEqual([
      '"Notes" cannot carry points: only yes/no, choice and number questions are scored',
    ]);
    expect(
      definitionProblems(
        form([
          { ...yesNo('n1', 0), kind: 'number', prompt: 'Count' },
          yesNo('q2', 1, { show_if: { question_id: 'n1', answers: ['3'] } }),
        ]),
      ),
    ).toEqual(['"Question q2" can only depend on a yes/no or choice question']);
    expect(
      definitionProblems(form([{ ...yesNo('n1', 0), kind: 'number', prompt: 'Count', min: 5, max: 1 }])),
    ).toEqual(['"Count": the lowest acceptable number is above the highest']);
    expect(definitionProblems({ sections: [{ id: 's1', title: 'Empty', questions: [] }] })).toEqual([
      'Add at least one question',
    ]);
    expect(
      definitionProblems({
        sections: [
          { id: 's1', title: 'A', questions: [yesNo('q1', 1)] },
          { id: 's1', title: 'B', questions: [yesNo('q2', 1)] },
        ],
      }),
    ).toEqual(['Two sections have the id "s1"']);
  });
});

describe('a version’s highest score', () => {
  it('is every weighted scored question’s weight, those show-if hides and those that always fail too', () => {
    const definition = form([
      yesNo('q1', 1),
      yesNo('q2', 2, { show_if: { question_id: 'q1', answers: ['no'] } }),
      yesNo('q3', 3, { failing: ['yes', 'no'] }),
      { ...yesNo('n1', 4), kind: 'number', min: 10 },
      yesNo('q0', 0),
      { ...yesNo('p1', 0), kind: 'photo' },
    ]);
    expect(maxScoreOf(definition)).toBe(10);
  });
});
