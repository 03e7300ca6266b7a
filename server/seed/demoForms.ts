import { sql } from 'drizzle-orm';
import type { FormTemplate } from '../../contract/api/forms';
import { type Answers, type FormDefinition, type Question, scoreInspection } from '../../contract/forms';
import type { Db } from '../db/client';
import { inspections } from '../db/schema';
import * as formTemplates from '../modules/formtemplates/service';
import { type DemoStep, type DemoTenant, demoCaller } from './demo';
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
  const template = await formTemplates.create(db, owner, {
    name: 'Store opening standards',
    description: 'The walk an area manager does at opening: front of store, food safety, team.',
    definition: OPENING_STANDARDS,
  });
  await seedDemoVisits(db, acme, template);
};

/** Every question passing but those named, which fail (with the comment a failing use-by date owes). */
function answersFailing(...failing: string[]): Answers {
  const fails = new Set(failing);
  const yes = (id: string) => ({ value: fails.has(id) ? 'no' : 'yes' });
  return {
    entrance: yes('entrance'),
    signage: { value: 'na' },
    trolleys: yes('trolleys'),
    fridge: { value: fails.has('fridge') ? 8 : 3 },
    dates: fails.has('dates')
      ? { value: 'no', comment: 'Two trays of yoghurt past their date' }
      : yes('dates'),
    pests: { value: 'no' },
    uniform: { value: fails.has('uniform') ? 'few' : 'all' },
  };
}

/**
 * Finished store visits of Sydney Metro by its area manager over the last weeks, so the
 * inspections list, the scores report and a store's page show something on a new install.
 * Written as finished rows (the demo has no files to sign with), each scored by `scoreInspection`.
 */
async function seedDemoVisits(db: Db, acme: DemoTenant, template: FormTemplate) {
  const version = await formTemplates.currentVersionFor(db, acme.tenantId, template.id);
  const visits: [store: string, daysAgo: number, answers: Answers][] = [
    ['Sydney CBD', 20, answersFailing('dates', 'trolleys')],
    ['Parramatta', 16, answersFailing('fridge')],
    ['Bondi Junction', 12, answersFailing()],
    ['Sydney CBD', 6, answersFailing('trolleys')],
    ['Parramatta', 2, answersFailing('uniform', 'dates')],
  ];
  for (const [store, daysAgo, answers] of visits) {
    const score = scoreInspection(version.definition, answers);
    const finished = sql`now() - make_interval(days => ${daysAgo}) - interval '3 hours'`;
    await db.insert(inspections).values({
      tenantId: acme.tenantId,
      templateId: template.id,
      versionId: version.versionId,
      storeNodeId: acme.nodeIds[store]!,
      inspectorId: acme.userIds[DEMO_USERS.area]!,
      status: 'completed',
      answers,
      points: score.points,
      maxScore: score.max,
      percentage: score.percentage,
      passed: score.passed,
      failed: score.failed,
      failedCount: score.failed.length,
      signedBy: 'Aaron Area',
      startedAt: sql`${finished} - interval '40 minutes'`,
      completedAt: finished,
    });
  }
}
