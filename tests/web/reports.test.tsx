import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DashboardSummary, Metrics, StoreReport } from '../../contract/api/reports';
import { areaManagerVerify, permissionsOf, resetBrowserState, verifyData } from './fixtures';
import { server } from './msw';
import { filterLists } from './myTasksFixtures';
import { pickerField, profileZone, shown, typeInto } from './pickers';
import { expectPath, renderRoute } from './renderApp';

function metrics(assigned: number, done: number, ftr: number): Metrics {
  return {
    assigned,
    done,
    on_time: done,
    late: 0,
    overdue: assigned - done,
    expired: 0,
    cannot_do: 0,
    waiting: 0,
    open: 0,
    first_time_right: ftr,
    completion_rate: assigned ? done / assigned : null,
    on_time_rate: done ? 1 : null,
    first_time_right_rate: done ? ftr / done : null,
  };
}

const stores: StoreReport = {
  node: { id: 3, name: 'Sydney Metro' },
  average: metrics(8, 6, 3),
  rows: [
    { id: 5, name: 'Sydney CBD', ...metrics(4, 4, 2) },
    { id: 8, name: 'Parramatta', ...metrics(4, 2, 1) },
  ],
};

function answer() {
  const asked: URLSearchParams[] = [];
  const downloads: URLSearchParams[] = [];
  server.use(
    ...filterLists,
    http.get('*/api/report/store-area-performance', ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get('format')) {
        downloads.push(query);
        return new HttpResponse('Name\n', { headers: { 'content-type': 'text/csv' } });
      }
      asked.push(query);
      const empty = query.get('type') !== null || query.get('type_id') !== null;
      return HttpResponse.json({ status: 200, data: empty ? { ...stores, rows: [] } : stores });
    }),
  );
  return { asked, downloads };
}

beforeEach(() => resetBrowserState());

describe('the report pages', () => {
  it('take their filters from the address, and the table holds what the chart draws', async () => {
    const { asked } = answer();
    renderRoute('/report/store-area-performance?from=2030-03-01&to=2030-03-31', areaManagerVerify());
    const table = await screen.findByRole('table', { name: 'Store' });
    expect(asked.at(-1)!.get('from')).toBe('2030-03-01');
    expect(asked.at(-1)!.get('to')).toBe('2030-03-31');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Sydney CBD',
      'Parramatta',
      'Average',
    ]);
    // Completion column: 4/4, 2/4, and the area's 6/8.
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-3)!.textContent)).toEqual([
      '100%',
      '50%',
      '75%',
    ]);
    expect(screen.getByText('Stores of Sydney Metro, best first, against the average')).toBeTruthy();
  });

  it('downloads the same view, and says what to change when nothing was due', async () => {
    const { downloads } = answer();
    renderRoute('/report/store-area-performance?from=2030-03-01&to=2030-03-31', areaManagerVerify());
    await screen.findByRole('table', { name: 'Store' });
    await userEvent.click(screen.getByRole('button', { name: 'XLSX' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.get('format')).toBe('xlsx');
    expect(downloads[0]!.get('from')).toBe('2030-03-01');

    // Moving to another report keeps the filters.
    await userEvent.click(screen.getByRole('tab', { name: 'Trend' }));
    await expectPath('/report/completion-first-time-trend', '?from=2030-03-01&to=2030-03-31');
  });

  it('types a range of its own in the session’s pattern and asks for it as YYYY-MM-DD', async () => {
    const { asked } = answer();
    renderRoute('/report/store-area-performance?from=2030-03-01&to=2030-03-31', {
      ...areaManagerVerify(),
      ...profileZone('Europe/London'),
    });
    await screen.findByRole('table', { name: 'Store' });
    const from = pickerField('From');
    expect(shown(from)).toBe('01/03/2030');
    expect(shown(pickerField('To'))).toBe('31/03/2030');
    await typeInto(from, '15032030');
    await expectPath('/report/store-area-performance', '?from=2030-03-15&to=2030-03-31');
    await waitFor(() => expect(asked.at(-1)!.get('from')).toBe('2030-03-15'));
    expect(screen.getByRole('combobox', { name: 'Dates' })).toHaveTextContent('Custom');
  });

  it('shows an empty state that says what to change', async () => {
    answer();
    renderRoute('/report/store-area-performance?from=2030-03-01&to=2030-03-31&type=9', areaManagerVerify());
    expect(await screen.findByTestId('report-empty')).toBeTruthy();
  });
});

describe('the dashboard', () => {
  it('shows today, this week against last and what needs attention, linking to the audit', async () => {
    const summary: DashboardSummary = {
      today: { due: 10, done: 4 },
      this_week: metrics(20, 15, 12),
      last_week: metrics(20, 12, 6),
      overdue: 3,
      urgent_open: 1,
      waiting_review: 2,
      unacknowledged: 0,
      trend: [],
      stores: { ranked: 0, rows: [] },
    };
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/dashboard/summary', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ status: 200, data: summary });
      }),
    );
    renderRoute('/dashboard', areaManagerVerify());
    expect(await screen.findByText('4/10')).toBeTruthy();
    expect(asked[0]!.get('today')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const week = screen.getByRole('region', { name: 'Completion this week so far' });
    expect(within(week).getByText('75%')).toBeTruthy();
    expect(within(week).getByText('15 points')).toBeTruthy();
    const attention = screen.getByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByText('3 overdue')).toBeTruthy();
    expect(within(attention).getByText('2 waiting for review')).toBeTruthy();
    expect(within(attention).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/audit/task');
  });

  it('ranks every store of a small area, and both ends of a long ranking with the count between', async () => {
    const summary = (ranked: number, places: number[]): DashboardSummary => ({
      today: { due: 0, done: 0 },
      this_week: metrics(0, 0, 0),
      last_week: metrics(0, 0, 0),
      overdue: 0,
      urgent_open: 0,
      waiting_review: 0,
      unacknowledged: 0,
      trend: [],
      stores: {
        ranked,
        rows: places.map((place) => ({
          place,
          id: place,
          name: `Store ${place}`,
          ...metrics(4, 4 - place / 4, 1),
        })),
      },
    });
    let answer = summary(3, [1, 2, 3]);
    server.use(http.get('*/api/dashboard/summary', () => HttpResponse.json({ status: 200, data: answer })));
    const first = renderRoute('/dashboard', areaManagerVerify());
    const ranking = await screen.findByRole('region', { name: 'Stores by completion, last 30 days' });
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('1Store 1'),
      expect.stringContaining('2Store 2'),
      expect.stringContaining('3Store 3'),
    ]);
    first.unmount();
    answer = summary(12, [1, 2, 3, 4, 5, 8, 9, 10, 11, 12]);
    renderRoute('/dashboard', areaManagerVerify());
    const long = await screen.findByRole('region', { name: 'Stores by completion, last 30 days' });
    expect(within(long).getByText('2 more in between')).toBeTruthy();
    expect(within(long).getByText('Store 12')).toBeTruthy();
  });

  it('names the weeks of the trend in which no work was due', async () => {
    const week = (day: string, assigned: number) => ({ week: day, ...metrics(assigned, assigned, 0) });
    const data: DashboardSummary = {
      today: { due: 0, done: 0 },
      this_week: metrics(0, 0, 0),
      last_week: metrics(0, 0, 0),
      overdue: 0,
      urgent_open: 0,
      waiting_review: 0,
      unacknowledged: 0,
      trend: [week('2026-01-12', 0), week('2026-01-19', 0), week('2026-01-26', 4)],
      stores: { ranked: 0, rows: [] },
    };
    server.use(http.get('*/api/dashboard/summary', () => HttpResponse.json({ status: 200, data })));
    renderRoute('/dashboard', areaManagerVerify());
    const trend = await screen.findByRole('region', { name: 'Last 8 weeks' });
    expect(within(trend).getByText(/^No work was due in the weeks of .*12.*, .*19/)).toBeTruthy();
  });

  describe('its actions (issue 49)', () => {
    const quiet: DashboardSummary = {
      today: { due: 0, done: 0 },
      this_week: metrics(0, 0, 0),
      last_week: metrics(0, 0, 0),
      overdue: 0,
      urgent_open: 0,
      waiting_review: 0,
      unacknowledged: 0,
      trend: [],
      stores: { ranked: 0, rows: [] },
    };
    function serveCounts() {
      const asked: URLSearchParams[] = [];
      server.use(
        http.get('*/api/dashboard/summary', () => HttpResponse.json({ status: 200, data: quiet })),
        http.get('*/api/action/counts', ({ request }) => {
          asked.push(new URL(request.url).searchParams);
          return HttpResponse.json({
            status: 200,
            data: { unresolved: 7, overdue: 2, to_close: 3, mine: 1 },
          });
        }),
      );
      return asked;
    }
    const listFilter = (href: string | null) =>
      JSON.parse(new URL(href ?? '', 'http://x').searchParams.get('filter') ?? 'null');

    it('shows open, overdue and to-close actions, each opening the list filtered the same way', async () => {
      const asked = serveCounts();
      renderRoute('/dashboard', areaManagerVerify());
      const open = await screen.findByRole('region', { name: 'Open actions' });
      expect(await within(open).findByText('7')).toBeTruthy();
      // The caller's own place: no node asked for, none in the list's filter.
      expect(asked[0]!.get('node_id')).toBeNull();
      const cards = [
        ['Open actions', 'See open actions', 'unresolved', '7'],
        ['Overdue actions', 'See overdue actions', 'overdue', '2'],
        ['Actions to close', 'See actions to close', 'to_close', '3'],
      ] as const;
      for (const [region, link, state, figure] of cards) {
        const card = screen.getByRole('region', { name: region });
        expect(within(card).getByText(figure)).toBeTruthy();
        const href = within(card).getByRole('link', { name: link }).getAttribute('href');
        expect(href).toMatch(/^\/task\/action\?filter=/);
        expect(listFilter(href)).toEqual({ state });
      }
    });

    it('are not shown without action.read', async () => {
      const asked = serveCounts();
      renderRoute(
        '/dashboard',
        verifyData({
          ...areaManagerVerify(),
          modules: permissionsOf('Area Manager').filter((m) => m.id !== 'action'),
        }),
      );
      await screen.findByRole('region', { name: 'Needs attention' });
      expect(screen.queryByRole('region', { name: 'Open actions' })).toBeNull();
      expect(asked).toHaveLength(0);
    });

    it('say when the counts could not be read, and ask again', async () => {
      let fail = true;
      server.use(
        http.get('*/api/dashboard/summary', () => HttpResponse.json({ status: 200, data: quiet })),
        http.get('*/api/action/counts', () =>
          fail
            ? HttpResponse.json({ status: 500, message: 'Counts are down' }, { status: 500 })
            : HttpResponse.json({ status: 200, data: { unresolved: 1, overdue: 0, to_close: 0, mine: 0 } }),
        ),
      );
      renderRoute('/dashboard', areaManagerVerify());
      expect(await screen.findByText('Counts are down')).toBeTruthy();
      fail = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      const open = await screen.findByRole('region', { name: 'Open actions' });
      expect(within(open).getByText('1')).toBeTruthy();
    });
  });
});
