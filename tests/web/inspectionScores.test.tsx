import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InspectionRecurring, InspectionScores } from '../../contract/api/inspections';
import { areaManagerVerify, permissionsOf, resetBrowserState, verifyData, workspaceRecord } from './fixtures';
import { surroundings } from './inspectionFixtures';
import { server } from './msw';
import { filterLists } from './myTasksFixtures';
import { expectPath, renderRoute, setViewportWidth } from './renderApp';

/*
 * Issue 48: inspection scores as the reports and the store's page show them, both from
 * /api/inspection/scores (the figures' one definition is the server's; these screens only show it).
 */

const metro: InspectionScores = {
  node: { id: 3, name: 'Sydney Metro', type: 'container' },
  totals: { inspections: 3, average: 72.2, failed_items: 4 },
  trend: [
    { week: '2030-03-04', inspections: 2, average: 66.7 },
    { week: '2030-03-11', inspections: 0, average: null },
    { week: '2030-03-18', inspections: 1, average: 83.3 },
  ],
  by_child: [
    {
      id: 5,
      name: 'Sydney CBD',
      type: 'workspace',
      inspections: 2,
      average: 66.7,
      latest: 50,
      failed_items: 3,
    },
    {
      id: 8,
      name: 'Parramatta',
      type: 'workspace',
      inspections: 1,
      average: 83.3,
      latest: 83.3,
      failed_items: 1,
    },
  ],
};

const nsw: InspectionScores = {
  node: { id: 2, name: 'New South Wales', type: 'container' },
  totals: metro.totals,
  trend: metro.trend,
  by_child: [
    {
      id: 3,
      name: 'Sydney Metro',
      type: 'container',
      inspections: 3,
      average: 72.2,
      latest: 50,
      failed_items: 4,
    },
  ],
};

function answer() {
  const asked: URLSearchParams[] = [];
  server.use(
    ...filterLists,
    ...surroundings,
    http.get('*/api/inspection/scores', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (query.get('format'))
        return new HttpResponse('Place\n', { headers: { 'content-type': 'text/csv' } });
      return HttpResponse.json({ status: 200, data: query.get('node_id') === '3' ? metro : nsw });
    }),
  );
  return asked;
}

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
});

describe('the inspection scores report', () => {
  it('shows the totals, the weekly average and the level below, and opens an area', async () => {
    const asked = answer();
    renderRoute('/report/inspections?from=2030-03-01&to=2030-03-31', areaManagerVerify());
    const below = await screen.findByTestId('inspection-scores-children');
    expect(asked.at(-1)!.get('from')).toBe('2030-03-01');
    expect(asked.at(-1)!.get('node_id')).toBeNull();
    expect(within(below).getByText('Sydney Metro')).toBeInTheDocument();
    // The weekly table holds what the chart draws: a week with none shows a dash, not 0 %.
    const weeks = screen.getByRole('table', { name: 'Inspections per week' });
    const averages = within(weeks)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').at(-1)!.textContent);
    expect(averages).toEqual(['66.7%', '—', '83.3%']);
    // Inspections are not tasks: no type or department filter.
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();

    await userEvent.click(within(below).getByRole('button', { name: 'Sydney Metro' }));
    await expectPath('/report/inspections', '?from=2030-03-01&to=2030-03-31&node=3');
    await waitFor(() => expect(asked.at(-1)!.get('node_id')).toBe('3'));
    const stores = await screen.findByTestId('inspection-scores-children');
    await waitFor(() => expect(within(stores).getByText('Parramatta')).toBeInTheDocument());
    const cbd = within(stores).getByText('Sydney CBD').closest('tr')!;
    expect(
      within(cbd)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sydney CBD', '2', '66.7%', '50%', '3']);
    // A store is not a place to open further.
    expect(within(stores).queryByRole('button', { name: 'Sydney CBD' })).toBeNull();
  });

  it('downloads the table, and is a tab beside the task reports only for those who read inspections', async () => {
    const asked = answer();
    renderRoute('/report/inspections?from=2030-03-01&to=2030-03-31', areaManagerVerify());
    await screen.findByTestId('inspection-scores-children');
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(asked.some((q) => q.get('format') === 'csv')).toBe(true));
    await userEvent.click(screen.getByRole('tab', { name: 'Trend' }));
    await expectPath('/report/completion-first-time-trend', '?from=2030-03-01&to=2030-03-31');
    expect(screen.getByRole('tab', { name: 'Inspections' })).toBeInTheDocument();
  });

  it('is not offered without the inspections’ read', async () => {
    answer();
    const noInspections = verifyData({
      ...areaManagerVerify(),
      modules: permissionsOf('Area Manager').filter((p) => p.id !== 'inspection'),
    });
    server.use(
      http.get('*/api/report/overall', () =>
        HttpResponse.json({ status: 500, message: 'Not here' }, { status: 500 }),
      ),
    );
    renderRoute('/report/overall?from=2030-03-01&to=2030-03-31', noInspections);
    await screen.findByRole('tab', { name: 'Trend' });
    expect(screen.queryByRole('tab', { name: 'Inspections' })).toBeNull();
  });
});

describe('the store’s page', () => {
  it('shows the store’s inspection figures of the last 90 days to someone who reads inspections', async () => {
    const asked = answer();
    server.use(
      http.get('*/api/storeinfo/get', () => HttpResponse.json({ status: 200, data: workspaceRecord() })),
    );
    const storeManager = verifyData({ modules: permissionsOf('Store Manager') });
    renderRoute('/workspace/detail/42', storeManager);
    const panel = await screen.findByRole('region', { name: 'Inspections, last 90 days' });
    await waitFor(() => expect(within(panel).getByText('72.2%')).toBeInTheDocument());
    // The store's hierarchy node, not its workspace id.
    expect(asked.at(-1)!.get('node_id')).toBe('5');
    expect(within(panel).getByRole('link', { name: 'See the inspection scores report' })).toHaveAttribute(
      'href',
      expect.stringContaining('node=5'),
    );
  });

  it('says nothing of inspections to a team member', async () => {
    const asked = answer();
    server.use(
      http.get('*/api/storeinfo/get', () => HttpResponse.json({ status: 200, data: workspaceRecord() })),
    );
    renderRoute('/workspace/detail/42', verifyData());
    expect(await screen.findByRole('heading', { name: 'Sydney CBD' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Inspections, last 90 days' })).toBeNull();
    expect(asked).toHaveLength(0);
  });
});

describe('recurring failures (issue 49)', () => {
  const recurring: InspectionRecurring = {
    node: { id: 3, name: 'Sydney Metro', type: 'container' },
    data: [
      {
        template: { id: 3, name: 'Store visit' },
        question_id: 'q3',
        section: 'Front of store',
        prompt: 'Are prices shown on every shelf?',
        failures: 3,
        inspections: 4,
        stores: 2,
        worst_stores: [
          { id: 5, name: 'Sydney CBD', failures: 2 },
          { id: 8, name: 'Parramatta', failures: 1 },
        ],
      },
      {
        template: { id: 3, name: 'Store visit' },
        question_id: 'q1',
        section: 'Front of store',
        prompt: 'Is the entrance clean?',
        failures: 1,
        inspections: 4,
        stores: 1,
        worst_stores: [{ id: 8, name: 'Parramatta', failures: 1 }],
      },
    ],
  };
  function serveRecurring(data = recurring) {
    const asked: URLSearchParams[] = [];
    answer();
    server.use(
      http.get('*/api/inspection/recurring', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        if (query.get('format'))
          return new HttpResponse('Question\n', { headers: { 'content-type': 'text/csv' } });
        return HttpResponse.json({ status: 200, data });
      }),
    );
    return asked;
  }
  const url = '/report/inspection-failures?from=2030-03-01&to=2030-03-31&node=3&template=3';

  it('lists the questions failed most with their share and worst stores, asked with the filters', async () => {
    const asked = serveRecurring();
    renderRoute(url, areaManagerVerify());
    const table = await screen.findByTestId('recurring-failures');
    expect(asked.at(-1)!.get('from')).toBe('2030-03-01');
    expect(asked.at(-1)!.get('to')).toBe('2030-03-31');
    expect(asked.at(-1)!.get('node_id')).toBe('3');
    expect(asked.at(-1)!.get('template_id')).toBe('3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Question', 'Failures', 'Of inspections', 'Share', 'Stores', 'Worst stores']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Are prices shown on every shelf?Store visit · Front of store',
      '3',
      '4',
      '75%',
      '2',
      'Sydney CBD (2), Parramatta (1)',
    ]);
    expect(screen.getByRole('tab', { name: 'Recurring failures', selected: true })).toBeInTheDocument();
  });

  it('downloads the table with the same filters, and keeps them on the way to the scores', async () => {
    const asked = serveRecurring();
    renderRoute(url, areaManagerVerify());
    await screen.findByTestId('recurring-failures');
    await userEvent.click(screen.getByRole('button', { name: 'XLSX' }));
    await waitFor(() => expect(asked.some((q) => q.get('format') === 'xlsx')).toBe(true));
    const file = asked.find((q) => q.get('format') === 'xlsx')!;
    expect(file.get('template_id')).toBe('3');
    expect(file.get('node_id')).toBe('3');
    await userEvent.click(screen.getByRole('tab', { name: 'Inspections' }));
    await expectPath('/report/inspections', '?from=2030-03-01&to=2030-03-31&node=3&template=3');
  });

  it('says what to change when nothing failed', async () => {
    serveRecurring({ ...recurring, data: [] });
    renderRoute(url, areaManagerVerify());
    expect(await screen.findByTestId('report-empty')).toHaveTextContent('No question failed here');
  });

  it('shows a card per question on a phone, without accessibility violations', async () => {
    setViewportWidth(390);
    serveRecurring();
    const { container } = renderRoute(url, areaManagerVerify());
    const cards = await screen.findByRole('list', { name: 'Questions failed most often at Sydney Metro' });
    expect(screen.queryByTestId('recurring-failures')).toBeNull();
    const [first] = within(cards).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Are prices shown on every shelf?' })).toBeTruthy();
    expect(first).toHaveTextContent('Failed 3 times of 4 inspections (75%)');
    expect(first).toHaveTextContent('Worst stores: Sydney CBD (2), Parramatta (1)');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
