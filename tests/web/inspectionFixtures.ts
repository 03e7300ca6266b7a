import { HttpResponse, http } from 'msw';
import type { FormTemplateRow } from '../../contract/api/forms';
import type { Inspection, InspectionRow } from '../../contract/api/inspections';
import type { Answers, FormDefinition } from '../../contract/forms';
import { scoreInspection } from '../../contract/forms';
import { acmeTree, permissionsOf, position, verifyData } from './fixtures';

/** A hash as the upload answers it (64 hex digits). */
export const hashOf = (c: string) => c.repeat(64);

/**
 * The store-visit form the tests answer: weights 1, 2 and 3 (the second may be N/A), a question
 * shown only when prices are missing, and a photo question that asks nothing of the score.
 */
export const DEFINITION: FormDefinition = {
  pass_mark: 80,
  sections: [
    {
      id: 'front',
      title: 'Front of store',
      questions: [
        {
          id: 'q1',
          kind: 'yes_no',
          prompt: 'Is the entrance clean?',
          required: true,
          weight: 1,
          allow_na: false,
        },
        {
          id: 'q2',
          kind: 'yes_no',
          prompt: 'Is the fire exit clear?',
          required: true,
          weight: 2,
          allow_na: true,
        },
        {
          id: 'q3',
          kind: 'yes_no',
          prompt: 'Are prices shown on every shelf?',
          required: true,
          weight: 3,
          allow_na: false,
          comment_on_fail: true,
        },
        {
          id: 'q4',
          kind: 'text',
          prompt: 'Which shelves have no prices?',
          required: true,
          weight: 0,
          allow_na: false,
          show_if: { question_id: 'q3', answers: ['no'] },
        },
      ],
    },
    {
      id: 'back',
      title: 'Back room',
      questions: [
        {
          id: 'q5',
          kind: 'number',
          prompt: 'Cold room temperature',
          required: false,
          weight: 0,
          allow_na: false,
          min: 0,
          max: 5,
          unit: '°C',
        },
      ],
    },
  ],
};

/** Every required question answered, prices missing (failed, with a comment). */
export const ANSWERED: Answers = {
  q1: { value: 'yes' },
  q2: { value: 'na' },
  q3: { value: 'no', comment: 'Aisle 4 has no labels' },
  q4: { value: 'Aisle 4' },
};

export function inspectionOf(answers: Answers, overrides: Partial<Inspection> = {}): Inspection {
  const score = scoreInspection(DEFINITION, answers);
  return {
    id: 77,
    template: { id: 3, name: 'Store visit', version: 2 },
    store: { id: 5, name: 'Sydney CBD', timezone: 'Australia/Sydney' },
    inspector: { id: 7, name: 'Sam Staff' },
    status: 'in_progress',
    started_at: '2030-03-04T01:00:00.000Z',
    completed_at: null,
    assignment_id: null,
    points: score.points,
    max_score: score.max,
    percentage: score.percentage,
    passed: score.passed,
    failed_count: score.failed.length,
    definition: DEFINITION,
    answers,
    failed: score.failed,
    signature: null,
    editable: true,
    ...overrides,
  };
}

export const rowOf = (inspection: Inspection): InspectionRow => {
  const { definition: _d, answers: _a, failed: _f, signature: _s, editable: _e, ...row } = inspection;
  return row;
};

export const TEMPLATE: FormTemplateRow = {
  id: 3,
  name: 'Store visit',
  description: '',
  status: 'active',
  version: 2,
  questions: 5,
  max_score: 6,
  inspections: 1,
  created_by: null,
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
};

/** The area manager of Sydney Metro: starts, reads and continues inspections, deletes none. */
export const inspector = () =>
  verifyData({
    username: 'area@acme.test',
    position_list: [
      position({ node_type: 'container', node_name: 'Sydney Metro', role_name: 'Area Manager' }),
    ],
    modules: permissionsOf('Area Manager'),
  });

/** What every inspection screen asks around it: the templates, the tree and the users to filter by. */
export const surroundings = [
  http.get('*/api/form-template/list', () =>
    HttpResponse.json({ status: 200, data: { data: [TEMPLATE], total: 1, page: 1, per_page: 200 } }),
  ),
  http.get('*/api/hierarchy/tree/fetch', () => HttpResponse.json({ status: 200, data: acmeTree() })),
  // Photos and signatures: three bytes each (jsdom's Blob is not undici's, so bytes, not a Blob).
  http.get('*/api/task/attachments/thumbnail', () =>
    HttpResponse.arrayBuffer(new Uint8Array([137, 80, 78]).buffer, {
      headers: { 'Content-Type': 'image/png' },
    }),
  ),
  http.get('*/api/user/list', () =>
    HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 20 } }),
  ),
];
