import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionRow } from '../../contract/api/actions';
import type { Inspection } from '../../contract/api/inspections';
import { adminVerify, permissionsOf, resetBrowserState, verifyData } from './fixtures';
import { ANSWERED, hashOf, inspectionOf, inspector, rowOf, surroundings } from './inspectionFixtures';
import { server } from './msw';
import { expectPath, renderRoute, setViewportWidth } from './renderApp';

const completed = (): Inspection =>
  inspectionOf(ANSWERED, {
    status: 'completed',
    completed_at: '2030-03-04T02:00:00.000Z',
    editable: false,
    signature: { hash: hashOf('b'), name: 'Sam Staff' },
  });

function serveList(rows: Inspection[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    ...surroundings,
    http.get('*/api/inspection/list', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        status: 200,
        data: { data: rows.map(rowOf), total: rows.length, page: 1, per_page: 25 },
      });
    }),
  );
  return queries;
}

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});

describe('the inspection list', () => {
  it('lists store, template and version, inspector, score with passed or failed, and failed items', async () => {
    serveList([completed(), inspectionOf({ q1: { value: 'yes' } }, { id: 78 })]);
    renderRoute('/audit/inspection', inspector());
    const rows = await screen.findAllByTestId('inspection-row');
    expect(rows).toHaveLength(2);
    // 1 of 4 points: 25 %, under the pass mark of 80.
    expect(rows[0]).toHaveTextContent('Sydney CBD');
    expect(rows[0]).toHaveTextContent('Store visit (v2)');
    expect(rows[0]).toHaveTextContent('Sam Staff');
    expect(rows[0]).toHaveTextContent('25%');
    expect(within(rows[0]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('cell').at(-1)).toHaveTextContent('1');
    expect(rows[1]).toHaveTextContent('In progress');
  });

  it('asks the API with each filter chosen', async () => {
    const queries = serveList([completed()]);
    renderRoute('/audit/inspection', inspector());
    await screen.findAllByTestId('inspection-row');
    expect(queries[0]!.get('sort')).toBe('started_at');
    expect(queries[0]!.get('status')).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(queries.at(-1)!.get('status')).toBe('completed'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Store visit (v2)' }));
    await waitFor(() => expect(queries.at(-1)!.get('template_id')).toBe('3'));

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Score from %' }), '50');
    await waitFor(() => expect(queries.at(-1)!.get('min_score')).toBe('50'));
    expect(queries.at(-1)!.get('status')).toBe('completed');
    expect(window.location.search).toContain('min_score=50');
  });

  it('starts an inspection: a store and an active template, created, then the runner', async () => {
    serveList([]);
    const created: unknown[] = [];
    server.use(
      http.post('*/api/inspection/create', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ status: 200, data: inspectionOf({}) });
      }),
      http.get('*/api/inspection/get', () => HttpResponse.json({ status: 200, data: inspectionOf({}) })),
    );
    renderRoute('/audit/inspection', inspector());
    await userEvent.click(await screen.findByRole('button', { name: 'Start inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start an inspection' });
    const start = within(dialog).getByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Store/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Sydney CBD/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Form template/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Store visit (v2)' }));
    await userEvent.click(start);
    await expectPath('/audit/inspection/77');
    expect(created).toEqual([{ store_id: 5, template_id: 3 }]);
    expect(await screen.findByRole('radiogroup', { name: /Is the entrance clean\?/ })).toBeInTheDocument();
  });

  it('offers no start to those who may only read', async () => {
    serveList([]);
    renderRoute('/audit/inspection', {
      ...inspector(),
      modules: [{ id: 'inspection', status: 'active', capabilities: ['read'] }],
    });
    expect(await screen.findByText('No inspection matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start inspection' })).toBeNull();
  });
});

describe('a finished inspection', () => {
  function serveOne(inspection: Inspection) {
    const deleted: string[] = [];
    server.use(
      ...surroundings,
      http.get('*/api/inspection/get', () => HttpResponse.json({ status: 200, data: inspection })),
      http.get('*/api/action/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 200 } }),
      ),
      http.delete('*/api/inspection/delete', ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id')!);
        return HttpResponse.json({ status: 200, data: { id: inspection.id } });
      }),
      http.get('*/api/inspection/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 25 } }),
      ),
    );
    return deleted;
  }

  it('shows the score, the failed items first with their comment, then every section, and the signature', async () => {
    serveOne(completed());
    renderRoute('/audit/inspection/77', inspector());
    const failed = await screen.findByTestId('failed-items');
    expect(screen.getByTestId('report-score')).toHaveTextContent('25%');
    expect(screen.getByText('1 / 4 points')).toBeInTheDocument();
    expect(within(failed).getByText('Are prices shown on every shelf?')).toBeInTheDocument();
    expect(within(failed).getByText('No')).toBeInTheDocument();
    expect(within(failed).getByText('Comment: Aisle 4 has no labels')).toBeInTheDocument();
    // Failed items come before the sections.
    const sections = screen.getByRole('heading', { name: 'Front of store' });
    expect(failed.compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Signed by Sam Staff')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    // No inputs: the answers are read, not changed.
    expect(screen.queryByRole('radio')).toBeNull();
    // The area manager may not delete.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('is deleted after asking, by those who may', async () => {
    const deleted = serveOne(completed());
    renderRoute('/audit/inspection/77', adminVerify());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this inspection?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expectPath('/audit/inspection');
    expect(deleted).toEqual(['77']);
  });

  it('has no accessibility violations', async () => {
    serveOne(completed());
    const { container } = renderRoute('/audit/inspection/77', inspector());
    await screen.findByTestId('failed-items');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  describe('and the actions raised from it (issue 49)', () => {
    const raised: ActionRow = {
      id: 901,
      title: 'Label aisle 4',
      priority: 'high',
      status: 'in_progress',
      due_date: '2030-03-08',
      store: { id: 5, name: 'Sydney CBD', timezone: 'Australia/Sydney' },
      assignee: null,
      created_by: { id: 7, name: 'Sam Staff' },
      created_at: '2030-03-04T02:10:00.000Z',
      updated_at: '2030-03-04T02:10:00.000Z',
      closed_at: null,
      overdue: true,
      escalated_at: null,
      source: 'inspection',
    };
    function serveActions(rows: ActionRow[]) {
      const asked: URLSearchParams[] = [];
      server.use(
        http.get('*/api/action/list', ({ request }) => {
          asked.push(new URL(request.url).searchParams);
          return HttpResponse.json({
            status: 200,
            data: { data: rows, total: rows.length, page: 1, per_page: 200 },
          });
        }),
      );
      return asked;
    }

    it('offers "Create action" on each failed item, named with its question, leading to the prefilled form', async () => {
      serveOne(completed());
      serveActions([]);
      renderRoute('/audit/inspection/77', inspector());
      const failed = await screen.findByTestId('failed-items');
      const create = await within(failed).findByRole('link', {
        name: 'Create action: Are prices shown on every shelf?',
      });
      expect(create).toHaveTextContent('Create action');
      expect(create).toHaveAttribute('href', '/task/action/create?inspection_id=77&question_id=q3');
      // One press from the keyboard.
      create.focus();
      await userEvent.keyboard('{Enter}');
      await expectPath('/task/action/create', '?inspection_id=77&question_id=q3');
    });

    it('lists the actions raised from the inspection, asked once by its id, each a link', async () => {
      serveOne(completed());
      const asked = serveActions([raised]);
      renderRoute('/audit/inspection/77', inspector());
      const list = await screen.findByTestId('inspection-actions');
      expect(asked).toHaveLength(1);
      expect(asked[0]!.get('inspection_id')).toBe('77');
      expect(asked[0]!.get('per_page')).toBe('200');
      expect(within(list).getByRole('link', { name: 'Label aisle 4' })).toHaveAttribute(
        'href',
        '/task/action/detail/901',
      );
      expect(within(list).getByText('In progress')).toBeInTheDocument();
      expect(within(list).getByText('Overdue')).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { name: 'Actions raised from this inspection' }),
      ).toBeInTheDocument();
    });

    it('says when none was raised yet', async () => {
      serveOne(completed());
      serveActions([]);
      renderRoute('/audit/inspection/77', inspector());
      expect(
        await screen.findByText('No action has been raised from this inspection yet.'),
      ).toBeInTheDocument();
    });

    it('shows neither without the actions’ capabilities, and no button on an inspection still under way', async () => {
      serveOne(completed());
      const asked = serveActions([raised]);
      const noActions = verifyData({
        ...inspector(),
        modules: permissionsOf('Area Manager').filter((p) => p.id !== 'action'),
      });
      const first = renderRoute('/audit/inspection/77', noActions);
      await screen.findByTestId('failed-items');
      expect(screen.queryByRole('link', { name: /^Create action/ })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Actions raised from this inspection' })).toBeNull();
      expect(asked).toHaveLength(0);
      first.unmount();

      serveOne(inspectionOf(ANSWERED, { editable: false }));
      renderRoute('/audit/inspection/77', inspector());
      await screen.findByTestId('failed-items');
      expect(screen.queryByRole('link', { name: /^Create action/ })).toBeNull();
      expect(asked).toHaveLength(0);
    });

    it('has no accessibility violations at 390 px', async () => {
      setViewportWidth(390);
      serveOne(completed());
      serveActions([raised]);
      const { container } = renderRoute('/audit/inspection/77', inspector());
      await screen.findByTestId('inspection-actions');
      const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    });
  });
});
