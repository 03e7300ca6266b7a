import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormTemplateRow } from '../../contract/api/forms';
import type { TaskCreateBody, TaskPreview } from '../../contract/api/tasks';
import { acmeTree, adminVerify, permissionsOf, resetBrowserState } from './fixtures';
import { server } from './msw';
import { departmentList, TYPES } from './myTasksFixtures';
import { renderRoute, setViewportWidth } from './renderApp';

/* Issue 48: a task can carry a form template that the stores fill in instead of a checklist. */

const preview: TaskPreview = {
  stores: 1,
  people: 4,
  first_date: '2031-03-15',
  workspaces: [{ node_id: 5, name: 'Sydney CBD', identifier: null, timezone: 'Australia/Sydney', people: 4 }],
  clock_changes: [],
  busiest: null,
};

const opening: FormTemplateRow = {
  id: 7,
  name: 'Opening standards',
  description: '',
  status: 'active',
  version: 2,
  questions: 12,
  max_score: 30,
  inspections: 4,
  created_by: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};

let created: TaskCreateBody | undefined;
let formsAsked = 0;

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
  created = undefined;
  formsAsked = 0;
  server.use(
    departmentList,
    http.get('*/api/task/types/list', () => HttpResponse.json({ status: 200, data: { data: [TYPES.task] } })),
    http.get('*/api/hierarchy/tree/fetch', () => HttpResponse.json({ status: 200, data: acmeTree() })),
    http.post('*/api/admin/task/preview', () => HttpResponse.json({ status: 200, data: preview })),
    http.get('*/api/form-template/list', ({ request }) => {
      formsAsked += 1;
      expect(new URL(request.url).searchParams.get('status')).toBe('active');
      return HttpResponse.json({ status: 200, data: { data: [opening], total: 1, page: 1, per_page: 200 } });
    }),
    http.post('*/api/admin/task/create', async ({ request }) => {
      created = (await request.json()) as TaskCreateBody;
      return HttpResponse.json({ status: 400, message: 'Not saved in this test' }, { status: 400 });
    }),
  );
});

async function fillTheRest(): Promise<void> {
  await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Opening walk');
  await userEvent.click(screen.getByRole('combobox', { name: /areas that receive it/ }));
  await userEvent.click(await screen.findByRole('option', { name: /Sydney CBD/ }));
  await userEvent.keyboard('{Escape}');
}

describe('the task form’s form template', () => {
  it('sends the chosen template instead of a checklist', async () => {
    renderRoute('/task/management/create', adminVerify({ hierarchy: acmeTree() }));
    await fillTheRest();
    expect(screen.getByRole('button', { name: 'Add a step' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Form the stores fill in' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Opening standards' }));
    // The form is the steps: the checklist goes while a form is chosen.
    expect(screen.getByText('The form is the stores’ steps: no checklist with it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a step' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created).toMatchObject({ form_template_id: 7, checklist: [] });
  });

  it('sends no form by default, and does not offer one to an author who may not read templates', async () => {
    const author = adminVerify({
      hierarchy: acmeTree(),
      modules: permissionsOf('Administrator').filter((p) => p.id !== 'formtemplate' && p.id !== 'inspection'),
    });
    renderRoute('/task/management/create', author);
    await fillTheRest();
    expect(screen.queryByRole('combobox', { name: 'Form the stores fill in' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created!.form_template_id).toBeNull();
    expect(formsAsked).toBe(0);
  });
});
