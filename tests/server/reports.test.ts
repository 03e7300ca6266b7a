import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AreaReport,
  CompletionFirstTimeReport,
  DashboardSummary,
  OverallReport,
  StoreReport,
  TeamReport,
  TrendReport,
} from '../../contract/api/reports';
import { rankedEnds } from '../../server/modules/report/service';
import { AREA, OWNER } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { REPORT_RANGE, writeReportHistory } from './helpers/reportHistory';
import { taskBuilder } from './helpers/taskRows';

const t = suiteApp();
const org = organisation(t);
const tasks = taskBuilder(t);
// The history is described in helpers/reportHistory.ts.
const RANGE = REPORT_RANGE;
let taskId: number;

beforeAll(async () => {
  ({ taskId } = await writeReportHistory(t, tasks));
});

async function report<T>(as: string, name: string, query: Record<string, string | number> = {}) {
  const res = await t.injectAs(as, { url: `/api/report/${name}`, query: { ...RANGE, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

describe('the reports, against hand-computed figures', () => {
  it('overall: every count and rate, by type and department', async () => {
    const data = await report<OverallReport>(OWNER, 'overall');
    expect(data.totals).toEqual({
      assigned: 6,
      done: 2,
      on_time: 1,
      late: 1,
      overdue: 1,
      expired: 1,
      cannot_do: 1,
      waiting: 1,
      open: 0,
      first_time_right: 1,
      completion_rate: 0.3333,
      on_time_rate: 0.5,
      first_time_right_rate: 0.5,
    });
    expect(data.by_type).toEqual([expect.objectContaining({ name: 'Task', assigned: 6, done: 2 })]);
    expect(data.by_department).toEqual([
      expect.objectContaining({ id: 0, name: 'No department', assigned: 6 }),
    ]);
    // Another type: nothing.
    const other = await report<OverallReport>(OWNER, 'overall', {
      type_id: await tasks.typeId('urgent', 'acme'),
    });
    expect(other.totals.assigned).toBe(0);
    expect(other.totals.completion_rate).toBeNull();
  });

  it('completion and first time right per task, with its weakest stores', async () => {
    const data = await report<CompletionFirstTimeReport>(OWNER, 'completion-first-time');
    const row = data.rows.find((r) => r.id === taskId)!;
    expect(row).toMatchObject({
      name: 'Reports: shelf audit',
      assigned: 6,
      done: 2,
      first_time_right_rate: 0.5,
    });
    // Melbourne did none; Parramatta and Sydney did one of two each, Parramatta with one overdue.
    expect(row.worst.map((w) => w.name)).toEqual(['Melbourne Central', 'Parramatta', 'Sydney CBD']);
  });

  it('the weekly trend follows the tenant’s first day of the week', async () => {
    const monday = await report<TrendReport>(OWNER, 'completion-first-time-trend');
    expect(monday.weeks.map((w) => [w.week, w.assigned, w.done])).toEqual([
      ['2021-03-01', 3, 2],
      ['2021-03-08', 3, 0],
    ]);
    expect(monday.previous.map((w) => w.week)).toEqual(['2021-02-15', '2021-02-22']);

    const saved = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/setting/update',
      payload: { week_starting_day: 3 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const wednesday = await report<TrendReport>(OWNER, 'completion-first-time-trend');
      expect(wednesday.weeks.map((w) => [w.week, w.assigned])).toEqual([
        ['2021-02-24', 3],
        ['2021-03-03', 3],
        ['2021-03-10', 0],
      ]);
    } finally {
      await t.injectAs(OWNER, {
        method: 'PUT',
        url: '/api/setting/update',
        payload: { week_starting_day: 1 },
      });
    }
  });

  it('areas below the scope, and stores against their area’s average', async () => {
    const areas = await report<AreaReport>(OWNER, 'state-area-performance');
    expect(areas.rows.map((r) => [r.name, r.assigned, r.done, r.completion_rate])).toEqual([
      ['New South Wales', 4, 2, 0.5],
      ['Victoria', 2, 0, 0],
    ]);
    const metro = await org.node('Sydney Metro');
    const stores = await report<StoreReport>(OWNER, 'store-area-performance', { node_id: metro.id });
    expect(stores.node.name).toBe('Sydney Metro');
    expect(stores.average).toMatchObject({ assigned: 4, done: 2, completion_rate: 0.5 });
    expect(stores.rows.map((r) => [r.name, r.assigned, r.done, r.overdue])).toEqual([
      ['Sydney CBD', 2, 1, 0],
      ['Parramatta', 2, 1, 1],
    ]);
  });

  it('per person: completed, on time, first time right, sent back', async () => {
    const data = await report<TeamReport>(OWNER, 'team-member-performance');
    const byCompleted = Object.fromEntries(
      data.rows.map((r) => [r.id, [r.completed, r.on_time, r.first_time_right, r.rejected]]),
    );
    const staffUser = await t.userByUsername('staff@acme.test');
    const storeUser = await t.userByUsername('store@acme.test');
    expect(byCompleted[staffUser.id]).toEqual([1, 1, 1, 0]);
    expect(byCompleted[storeUser.id]).toEqual([1, 0, 0, 1]);
  });

  it('stays inside the caller’s scope and tenant', async () => {
    const area = await report<OverallReport>(AREA, 'overall');
    expect(area.totals).toMatchObject({ assigned: 4, done: 2, cannot_do: 0, waiting: 0 });
    const melbourne = await org.node('Melbourne Central');
    const outside = await t.injectAs(AREA, {
      url: '/api/report/overall',
      query: { ...RANGE, node_id: melbourne.id },
    });
    expect(outside.statusCode).toBe(403);
    const globex = await t.injectAs('owner@globex.test', {
      url: '/api/report/overall',
      query: { ...RANGE, node_id: melbourne.id },
    });
    expect(globex.statusCode).toBe(404);
    const staff = await t.injectAs('staff@acme.test', { url: '/api/report/overall', query: RANGE });
    expect(staff.statusCode).toBe(403);
    const backwards = await t.injectAs(OWNER, {
      url: '/api/report/overall',
      query: { from: RANGE.to, to: RANGE.from },
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('exports exactly the table as CSV and XLSX', async () => {
    const csv = await t.injectAs(OWNER, { url: '/api/report/overall', query: { ...RANGE, format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/overall-2021-03-01-to-2021-03-14\.csv/);
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '')).data;
    expect(rows[0]).toContain('Completion %');
    const all = rows.find((r) => r[0] === 'All')!;
    expect(all[rows[0]!.indexOf('Assigned')]).toBe('6');
    expect(all[rows[0]!.indexOf('Completion %')]).toBe('33.3');

    const xlsx = await t.injectAs(OWNER, {
      url: '/api/report/store-area-performance',
      query: { ...RANGE, format: 'xlsx' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    const names = (sheet.getColumn(1).values as unknown[]).filter(Boolean);
    expect(names).toEqual(['Name', 'Sydney CBD', 'Parramatta', 'Melbourne Central', 'Acme Retail (average)']);
  });
});

describe('GET /api/dashboard/summary', () => {
  it('compares this week with last, and counts what waits', async () => {
    const res = await t.injectAs(OWNER, { url: '/api/dashboard/summary', query: { today: '2021-03-10' } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as DashboardSummary;
    expect(data.this_week).toMatchObject({ assigned: 3, done: 0 });
    expect(data.last_week).toMatchObject({ assigned: 3, done: 2, completion_rate: 0.6667 });
    expect(data.trend).toHaveLength(8);
    expect(data.trend.at(-1)).toMatchObject({ week: '2021-03-08', assigned: 3 });
    expect(data.waiting_review).toBe(1);
    expect(data.overdue).toBe(1);
    const area = await t.injectAs(AREA, { url: '/api/dashboard/summary', query: { today: '2021-03-10' } });
    expect((area.json().data as DashboardSummary).waiting_review).toBe(0);
  });

  it('ranks every store of a part of the tree with three, none left out', async () => {
    const res = await t.injectAs(OWNER, { url: '/api/dashboard/summary', query: { today: '2021-03-10' } });
    const { stores } = res.json().data as DashboardSummary;
    // Sydney CBD and Parramatta 1 of 2 done (Parramatta has one overdue), Melbourne Central 0 of 2.
    expect(stores.ranked).toBe(3);
    expect(stores.rows.map((r) => [r.place, r.name, r.completion_rate])).toEqual([
      [1, 'Sydney CBD', 0.5],
      [2, 'Parramatta', 0.5],
      [3, 'Melbourne Central', 0],
    ]);
  });
});

describe('the dashboard’s ranking of stores', () => {
  it('keeps a short ranking whole, and the five at each end of a long one with their places', () => {
    const names = (n: number) => [...'abcdefghijkl'.slice(0, n)].map((name) => ({ name }));
    expect(rankedEnds(names(3))).toEqual({
      ranked: 3,
      rows: [
        { name: 'a', place: 1 },
        { name: 'b', place: 2 },
        { name: 'c', place: 3 },
      ],
    });
    expect(rankedEnds(names(10)).rows).toHaveLength(10);
    const twelve = rankedEnds(names(12));
    expect(twelve.ranked).toBe(12);
    expect(twelve.rows.map((r) => `${r.place}${r.name}`)).toEqual([
      '1a',
      '2b',
      '3c',
      '4d',
      '5e',
      '8h',
      '9i',
      '10j',
      '11k',
      '12l',
    ]);
  });
});
