import { HttpResponse, http } from 'msw';
import type { FormTemplate, FormTemplateVersion } from '../../contract/api/forms';
import type { FormDefinition } from '../../contract/forms';
import { server } from './msw';

/** Acme's store opening form: a yes/no worth 2, a choice worth 3 with a failing option, a photo shown on "no". */
export const OPENING_FORM: FormDefinition = {
  pass_mark: 80,
  sections: [
    {
      id: 'front',
      title: 'Shop front',
      questions: [
        {
          id: 'clean',
          kind: 'yes_no',
          prompt: 'Is the entrance clean?',
          required: true,
          weight: 2,
          allow_na: false,
          failing: ['no'],
        },
        {
          id: 'photo',
          kind: 'photo',
          prompt: 'Photograph the entrance',
          required: true,
          weight: 0,
          allow_na: false,
          min_photos: 1,
          show_if: { question_id: 'clean', answers: ['no'] },
        },
      ],
    },
    {
      id: 'floor',
      title: 'Sales floor',
      questions: [
        {
          id: 'stock',
          kind: 'choice',
          prompt: 'How full are the shelves?',
          required: true,
          weight: 3,
          allow_na: false,
          multiple: false,
          options: [
            { id: 'full', label: 'Full', fails: false },
            { id: 'gaps', label: 'Gaps', fails: true },
          ],
        },
      ],
    },
  ],
};

/** The opening form as the API answers it; override what the test is about. */
export const openingTemplate = (overrides: Partial<FormTemplate> = {}): FormTemplate => ({
  id: 31,
  name: 'Store opening standards',
  description: 'Walk the store before the doors open.',
  status: 'active',
  version: 2,
  questions: 3,
  max_score: 5,
  inspections: 4,
  created_by: { id: 1, name: 'Olivia Owner' },
  created_at: '2030-03-01T09:00:00.000Z',
  updated_at: '2030-03-02T09:00:00.000Z',
  version_id: 77,
  definition: OPENING_FORM,
  ...overrides,
});

export const version = (overrides: Partial<FormTemplateVersion> = {}): FormTemplateVersion => ({
  id: 77,
  version: 2,
  questions: 3,
  max_score: 5,
  inspections: 4,
  created_by: { id: 1, name: 'Olivia Owner' },
  created_at: '2030-03-02T09:00:00.000Z',
  ...overrides,
});

/** The list, one template's get and versions, and a record's history (empty), as the screens ask for them. */
export function serveTemplates(templates: FormTemplate[], versions: FormTemplateVersion[] = [version()]) {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get('*/api/form-template/list', ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      const rows = templates.map(({ definition: _, version_id: __, ...row }) => row);
      return HttpResponse.json({
        status: 200,
        data: { data: rows, total: rows.length, page: 1, per_page: 25 },
      });
    }),
    http.get('*/api/form-template/get', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const found = templates.find((t) => t.id === id);
      return found
        ? HttpResponse.json({ status: 200, data: found })
        : HttpResponse.json({ status: 404, message: 'Form template not found' }, { status: 404 });
    }),
    http.get('*/api/form-template/versions', () =>
      HttpResponse.json({ status: 200, data: { data: versions } }),
    ),
    http.get('*/api/activity/list', () =>
      HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 10 } }),
    ),
  );
  return lists;
}
