import type { FormDefinition, Question } from '../../contract/forms';
import * as formTemplates from '../modules/formtemplates/service';
import { type DemoStep, demoCaller } from './demo';
import { DEMO_USERS } from './people';

const yesNo = (id: string, prompt: string, weight: number, extra: Partial<Question> = {}): Question => ({
  id,
  kind: 'yes_no',
  prompt,
  required: true,
  weight,
  allow_na: false,
  failing: ['no'],
  ...extra,
});

/** The inspection README "Inspections" walks through: weighted, with N/A, logic and a failing photo. */
export const OPENING_STANDARDS: FormDefinition = {
  pass_mark: 80,
  sections: [
    {
      id: 'front',
      title: 'Front of store',
      questions: [
        yesNo('entrance', 'Is the entrance clean and clear?', 2, { photo_on_fail: true }),
        yesNo('signage', 'Is the window signage this week’s campaign?', 1, { allow_na: true }),
        yesNo('trolleys', 'Are trolleys and baskets at the door?', 1),
      ],
    },
    {
      id: 'food',
      title: 'Food safety',
      questions: [
        {
          id: 'fridge',
          kind: 'number',
          prompt: 'Fridge temperature',
          unit: '°C',
          min: 0,
          max: 5,
          required: true,
          weight: 3,
          allow_na: false,
          comment_on_fail: true,
        },
        yesNo('dates', 'Are all use-by dates in date?', 3, { comment_on_fail: true }),
        yesNo('pests', 'Any sign of pests?', 3, { failing: ['yes'] }),
        {
          id: 'pest_photo',
          kind: 'photo',
          prompt: 'Photograph where you saw them',
          required: true,
          weight: 0,
          allow_na: false,
          min_photos: 1,
          show_if: { question_id: 'pests', answers: ['yes'] },
        },
      ],
    },
    {
      id: 'people',
      title: 'Team',
      questions: [
        {
          id: 'uniform',
          kind: 'choice',
          prompt: 'Team uniform',
          required: true,
          weight: 2,
          allow_na: false,
          multiple: false,
          options: [
            { id: 'all', label: 'Everyone in uniform', fails: false },
            { id: 'most', label: 'Most of the team', fails: false },
            { id: 'few', label: 'Few or none', fails: true },
          ],
        },
        {
          id: 'notes',
          kind: 'text',
          prompt: 'Anything else the store should know',
          required: false,
          weight: 0,
          allow_na: false,
        },
      ],
    },
  ],
};

/** Acme's form templates, made by its owner through the form template service (demo data only). */
export const seedDemoForms: DemoStep = async (db, { acme }) => {
  const owner = await demoCaller(db, acme, DEMO_USERS.owner);
  await formTemplates.create(db, owner, {
    name: 'Store opening standards',
    description: 'The walk an area manager does at opening: front of store, food safety, team.',
    definition: OPENING_STANDARDS,
  });
};
