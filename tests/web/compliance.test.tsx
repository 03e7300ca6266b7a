import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ComplianceGrid } from '../../contract/api/compliance';
import { areaManagerVerify, resetBrowserState } from './fixtures';
import { server } from './msw';
import { filterLists } from './myTasksFixtures';
import { expectPath, renderRoute } from './renderApp';

const TYPE = { id: 2, name: 'Task', colour: '#1976d2', icon: 'Assignment' };

/** A grid of the one task, Fire exits clear, with its cells and totals in the grid's grouping. */
const fireExitsGrid = (
  group: ComplianceGrid['group'],
  node: ComplianceGrid['node'],
  columns: ComplianceGrid['columns'],
  cells: ComplianceGrid['rows'][number]['cells'],
  totals: ComplianceGrid['totals'],
): ComplianceGrid => ({
  group,
  node,
  columns,
  rows: [{ task_id: 7, title: 'Fire exits clear', due_date: '2030-03-04', type: TYPE, cells, totals }],
  totals,
});

const GRIDS = {
  area: fireExitsGrid(
    'area',
    { id: 1, name: 'Acme Retail' },
    [{ id: 4, name: 'New South Wales', type: 'container', totals: { on_time: 3, overdue: 1 } }],
    [
      { col: 0, state: 'on_time', value: 3 },
      { col: 0, state: 'overdue', value: 1 },
    ],
    { on_time: 3, overdue: 1 },
  ),
  store: fireExitsGrid(
    'store',
    { id: 3, name: 'Sydney Metro' },
    [
      { id: 5, name: 'Sydney CBD', type: 'workspace', totals: { on_time: 1 } },
      { id: 8, name: 'Parramatta', type: 'workspace', totals: { overdue: 1 } },
    ],
    [
      { col: 0, state: 'on_time', value: 501 },
      { col: 1, state: 'overdue', value: 502 },
    ],
    { on_time: 1, overdue: 1 },
  ),
};

function answer() {
  const asked: URLSearchParams[] = [];
  const exported: URLSearchParams[] = [];
  server.use(
    ...filterLists,
    http.get('*/api/compliance/grid', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return HttpResponse.json({
        status: 200,
        data: GRIDS[query.get('group') === 'area' ? 'area' : 'store'],
      });
    }),
    http.get('*/api/compliance/export', ({ request }) => {
      exported.push(new URL(request.url).searchParams);
      return new HttpResponse('Task,Type\n', { headers: { 'content-type': 'text/csv' } });
    }),
    http.get('*/api/user/task/get', () =>
      HttpResponse.json({ status: 404, message: 'Task not found' }, { status: 404 }),
    ),
  );
  return { asked, exported };
}

/**
 * jsdom lays nothing out: the grid's scroll box is given a desktop size, as a browser would, so
 * the virtualised grid draws its visible rows and columns.
 */
const sized = (size: number) => ({
  configurable: true,
  get(this: HTMLElement) {
    return this.getAttribute('role') === 'grid' ? size : 0;
  },
});
beforeEach(() => {
  resetBrowserState();
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized(1200));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized(800));
  return () => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  };
});

describe('Compliance grid', () => {
  it('shows each store’s state with a legend, and sends the filters from the address', async () => {
    const { asked } = answer();
    renderRoute('/task/compliance?from=2030-03-01&to=2030-03-07', areaManagerVerify());
    expect(await screen.findByText('Fire exits clear')).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Sydney CBD · Done on time' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Parramatta · Overdue' })).toBeTruthy();
    expect(screen.getByText('Overdue 1')).toBeTruthy();
    expect(asked.at(-1)!.get('from')).toBe('2030-03-01');
    expect(asked.at(-1)!.get('to')).toBe('2030-03-07');

    await userEvent.click(screen.getByRole('switch', { name: 'Only what is not done' }));
    await waitFor(() => expect(asked.at(-1)!.get('exceptions')).toBe('true'));
    await expectPath('/task/compliance', '?from=2030-03-01&to=2030-03-07&exceptions=1');
  });

  it('groups by area, drills into an area, and exports what is shown', async () => {
    const { asked, exported } = answer();
    renderRoute('/task/compliance?from=2030-03-01&to=2030-03-07&group=area', areaManagerVerify());
    const cell = await screen.findByRole('gridcell', { name: 'New South Wales · 3 of 4 done' });
    await userEvent.click(cell);
    await waitFor(() => expect(asked.at(-1)!.get('node_id')).toBe('4'));

    await userEvent.click(screen.getByRole('button', { name: 'XLSX' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]!.get('format')).toBe('xlsx');
    expect(exported[0]!.get('node_id')).toBe('4');
    expect(exported[0]!.get('group')).toBe('area');
  });

  it('opens a cell’s assignment in the task drawer', async () => {
    answer();
    renderRoute('/task/compliance?from=2030-03-01&to=2030-03-07', areaManagerVerify());
    await userEvent.click(await screen.findByRole('gridcell', { name: 'Parramatta · Overdue' }));
    await expectPath('/task/compliance', '?from=2030-03-01&to=2030-03-07&assignment=502');
    const drawer = await screen.findByTestId('task-drawer');
    expect(await within(drawer).findByText(/not in your tasks/)).toBeTruthy();
  });
});
