import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormTemplate, FormTemplateCreateBody, FormTemplateUpdateBody } from '../../contract/api/forms';
import { adminVerify, resetBrowserState, verifyData } from './fixtures';
import { openingTemplate, serveTemplates, version } from './formTemplateFixtures';
import { server } from './msw';
import { expectPath, renderApp, renderRoute, setViewportWidth } from './renderApp';

/** axe's findings that block the e2e sweep (critical, serious, moderate), colour contrast aside: jsdom lays nothing out. */
async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const sectionNamed = (name: string) => screen.getByRole('region', { name });

async function addQuestion(section: HTMLElement, kind: string) {
  await userEvent.click(within(section).getByRole('button', { name: /^Add a question to/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: kind }));
}

async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

describe('form template screens', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });

  it('lists templates with their figures and asks for archived ones by the status filter', async () => {
    const lists = serveTemplates([
      openingTemplate(),
      openingTemplate({ id: 32, name: 'Closing', status: 'archived', inspections: 0 }),
    ]);
    renderRoute('/audit/form-template', adminVerify());
    const row = (await screen.findByText('Store opening standards')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(
      expect.arrayContaining(['Store opening standards', '2', '3', '5', '4', 'Active']),
    );
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByText('Closing').closest('tr')!).getByText('Archived')).toBeInTheDocument();
    expect(lists.at(-1)?.get('status')).toBe('active');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(lists.at(-1)?.get('status')).toBe('all'));
  });

  it('opens a template from its row with its whole form, not only the row’s figures', async () => {
    serveTemplates([openingTemplate()]);
    renderRoute('/audit/form-template', adminVerify());
    await userEvent.click(await screen.findByText('Store opening standards'));
    await expectPath('/audit/form-template/detail/31');
    expect(await screen.findByTestId('form-outline')).toHaveTextContent('How full are the shelves?');
    await userEvent.click(screen.getByRole('link', { name: 'Edit' }));
    expect(
      await screen.findByRole('region', { name: 'Question 3 · Choice (one answer)' }),
    ).toBeInTheDocument();
  });

  it('archives a template from its row after asking', async () => {
    serveTemplates([openingTemplate()]);
    const archived: unknown[] = [];
    server.use(
      http.put('*/api/form-template/archive', async ({ request }) => {
        archived.push(await request.json());
        return HttpResponse.json({ status: 200, data: openingTemplate({ status: 'archived' }) });
      }),
    );
    renderRoute('/audit/form-template', adminVerify());
    const row = (await screen.findByText('Store opening standards')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Archive the form template Store opening standards?');
    expect(archived).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(archived).toEqual([{ id: 31 }]));
    expect(await screen.findByText('Form template Store opening standards archived')).toBeInTheDocument();
  });

  it('builds a form of two sections with weighted questions and sends its definition', async () => {
    serveTemplates([]);
    const sent: FormTemplateCreateBody[] = [];
    server.use(
      http.post('*/api/form-template/create', async ({ request }) => {
        const body = (await request.json()) as FormTemplateCreateBody;
        sent.push(body);
        const made: FormTemplate = openingTemplate({
          id: 40,
          name: body.name,
          definition: body.definition,
          version: 1,
          inspections: 0,
        });
        serveTemplates([made], [version({ id: 90, version: 1, inspections: 0 })]);
        return HttpResponse.json({ status: 200, data: made });
      }),
    );
    const { container } = renderRoute('/audit/form-template/create', adminVerify());
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Weekly walk');

    const first = sectionNamed('Section 1');
    await userEvent.type(within(first).getByRole('textbox', { name: /Section title/ }), 'Shop front');
    await addQuestion(first, 'Yes / No / N/A');
    const clean = sectionNamed('Question 1 · Yes / No / N/A');
    await userEvent.type(within(clean).getByRole('textbox', { name: /^Question/ }), 'Is the entrance clean?');
    await retype(within(clean).getByRole('spinbutton', { name: 'Points' }), '2');
    await userEvent.click(within(clean).getByRole('switch', { name: 'N/A allowed' }));
    await userEvent.click(within(clean).getByRole('checkbox', { name: 'A failing answer needs a photo' }));

    await userEvent.click(screen.getByRole('button', { name: 'Add a section' }));
    const second = sectionNamed('Section 2');
    await userEvent.type(within(second).getByRole('textbox', { name: /Section title/ }), 'Cold room');
    await addQuestion(second, 'Number');
    const temperature = sectionNamed('Question 2 · Number');
    await userEvent.type(
      within(temperature).getByRole('textbox', { name: /^Question/ }),
      'Fridge temperature',
    );
    await retype(within(temperature).getByRole('spinbutton', { name: 'Points' }), '3');
    await userEvent.type(within(temperature).getByRole('spinbutton', { name: 'Lowest acceptable' }), '0');
    await userEvent.type(within(temperature).getByRole('spinbutton', { name: 'Highest acceptable' }), '5');
    await userEvent.type(within(temperature).getByRole('textbox', { name: 'Unit' }), '°C');
    await addQuestion(second, 'Text');
    const note = sectionNamed('Question 3 · Text');
    await userEvent.type(within(note).getByRole('textbox', { name: /^Question/ }), 'Anything else?');
    await userEvent.click(within(note).getByRole('switch', { name: 'Must be answered' }));

    // Live: three questions, the highest score the two weighted ones make, nothing in the way.
    const figures = screen.getByTestId('form-figures');
    expect(within(figures).getByText('Questions').nextSibling).toHaveTextContent('3');
    expect(within(figures).getByText('Highest score').nextSibling).toHaveTextContent('5');
    expect(screen.queryByTestId('form-problems')).toBeNull();
    // The note moves above the temperature, with the keyboard's buttons.
    await userEvent.click(within(note).getByRole('button', { name: 'Move question 3 up' }));
    expect(sectionNamed('Question 2 · Text')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const id = expect.stringMatching(/^[A-Za-z0-9_-]+$/);
    expect(sent[0]).toEqual({
      name: 'Weekly walk',
      description: '',
      definition: {
        sections: [
          {
            id,
            title: 'Shop front',
            questions: [
              {
                id,
                kind: 'yes_no',
                prompt: 'Is the entrance clean?',
                required: true,
                weight: 2,
                allow_na: true,
                failing: ['no'],
                photo_on_fail: true,
              },
            ],
          },
          {
            id,
            title: 'Cold room',
            questions: [
              { id, kind: 'text', prompt: 'Anything else?', required: false, weight: 0, allow_na: false },
              {
                id,
                kind: 'number',
                prompt: 'Fridge temperature',
                required: true,
                weight: 3,
                allow_na: false,
                min: 0,
                max: 5,
                unit: '°C',
              },
            ],
          },
        ],
      },
    });
    await expectPath('/audit/form-template/detail/40');
  });

  it('shows a choice with one option as a problem and does not save it', async () => {
    serveTemplates([]);
    let created = 0;
    server.use(
      http.post('*/api/form-template/create', () => {
        created += 1;
        return HttpResponse.json({ status: 200, data: openingTemplate() });
      }),
    );
    renderRoute('/audit/form-template/create', adminVerify());
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Shelves');
    const first = sectionNamed('Section 1');
    await userEvent.type(within(first).getByRole('textbox', { name: /Section title/ }), 'Floor');
    await addQuestion(first, 'Choice (one answer)');
    const stock = sectionNamed('Question 1 · Choice (one answer)');
    await userEvent.type(
      within(stock).getByRole('textbox', { name: /^Question/ }),
      'How full are the shelves?',
    );
    await userEvent.click(within(stock).getByRole('button', { name: 'Add an option' }));
    await userEvent.type(within(stock).getByRole('textbox', { name: /Option 1/ }), 'Full');

    const problems = screen.getByTestId('form-problems');
    expect(problems).toHaveTextContent('"How full are the shelves?" needs at least two options');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Put right the problems listed below before saving.')).toBeInTheDocument();
    expect(created).toBe(0);

    // A second option puts it right.
    await userEvent.click(within(stock).getByRole('button', { name: 'Add an option' }));
    await userEvent.type(within(stock).getByRole('textbox', { name: /Option 2/ }), 'Gaps');
    expect(screen.queryByTestId('form-problems')).toBeNull();
  });

  it('says that saving a used template makes its next version, and sends its kept ids', async () => {
    serveTemplates([openingTemplate()]);
    const sent: FormTemplateUpdateBody[] = [];
    server.use(
      http.put('*/api/form-template/update', async ({ request }) => {
        const body = (await request.json()) as FormTemplateUpdateBody;
        sent.push(body);
        return HttpResponse.json({
          status: 200,
          data: openingTemplate({ version: 3, definition: body.definition }),
        });
      }),
    );
    const { container } = renderRoute('/audit/form-template/edit/31', adminVerify());
    expect(await screen.findByTestId('version-warning')).toHaveTextContent(
      '4 inspections have used version 2. Saving changed questions makes version 3; those inspections keep version 2.',
    );
    // The photo shows only when the entrance is not clean: its rule names question 1's "No".
    const photo = sectionNamed('Question 2 · Photo');
    expect(within(photo).getByRole('combobox', { name: 'Show this question' })).toHaveTextContent(
      'Only when question 1 (Is the entrance clean?) is…',
    );
    expect(within(photo).getByRole('checkbox', { name: 'No' })).toBeChecked();
    expect(await axeViolations(container)).toEqual([]);
    await retype(
      within(sectionNamed('Question 3 · Choice (one answer)')).getByRole('spinbutton', { name: 'Points' }),
      '4',
    );
    expect(
      within(screen.getByTestId('form-figures')).getByText('Highest score').nextSibling,
    ).toHaveTextContent('6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.id).toBe(31);
    expect(sent[0]!.definition.sections.map((s) => s.questions.map((q) => q.id))).toEqual([
      ['clean', 'photo'],
      ['stock'],
    ]);
    expect(sent[0]!.definition.sections[1]!.questions[0]!.weight).toBe(4);
    expect(sent[0]!.definition.pass_mark).toBe(80);
  });

  it('says nothing of versions while no inspection used the current one', async () => {
    serveTemplates([openingTemplate({ inspections: 0 })], [version({ inspections: 0 })]);
    renderRoute('/audit/form-template/edit/31', adminVerify());
    expect(await screen.findByRole('region', { name: 'Question 1 · Yes / No / N/A' })).toBeInTheDocument();
    expect(screen.queryByTestId('version-warning')).toBeNull();
  });

  it('shows the form, its versions, and the refusal to delete a used template', async () => {
    serveTemplates(
      [openingTemplate()],
      [version(), version({ id: 76, version: 1, inspections: 3, max_score: 2 })],
    );
    const refusal =
      'Inspections or tasks have used this form template, so it cannot be deleted: archive it instead';
    server.use(
      http.delete('*/api/form-template/delete', () =>
        HttpResponse.json({ status: 409, message: refusal }, { status: 409 }),
      ),
    );
    const { container } = renderRoute('/audit/form-template/detail/31', adminVerify());
    const outline = await screen.findByTestId('form-outline');
    expect(within(outline).getByText('Is the entrance clean?')).toBeInTheDocument();
    expect(within(outline).getByText('Shown only when question 1 is No')).toBeInTheDocument();
    expect(within(outline).getByText('Options: Full, Gaps (fails)')).toBeInTheDocument();
    const versions = await screen.findByTestId('form-versions');
    expect(within(versions).getAllByRole('listitem')).toHaveLength(2);
    expect(versions).toHaveTextContent('3 questions · highest score 2 · 3 inspections');
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm|Delete/ }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('is not reached by a team member, whose role has no form templates', async () => {
    renderApp('/audit/form-template', verifyData());
    await expectPath('/forbidden');
  });
});
