import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceGrid, ComplianceState } from '../../contract/api/compliance';
import { departments, hierarchyNodes, taskAssignments, tasks as taskTable } from '../../server/db/schema';
import { AREA, OWNER, STAFF, SYDNEY } from './helpers/acmePeople';
import { createTestApp, type TestApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { localDate, taskBuilder } from './helpers/taskRows';

let t: TestApp;
let org: ReturnType<typeof organisation>;
let tasks: ReturnType<typeof taskBuilder>;
const PAST = localDate(SYDNEY, -10);
const FUTURE = localDate(SYDNEY, 3);
const RANGE = { from: localDate(SYDNEY, -12), to: localDate(SYDNEY, 5) };

let checkId: number;
let soonId: number;

async function compliance(title: string, values: { kind?: 'urgent'; departmentId?: number } = {}) {
  const task = await tasks.createTask({ title, ...values });
  await t.database.db.update(taskTable).set({ compliance: true }).where(eq(taskTable.id, task.id));
  return task;
}

async function assignAs(
  taskId: number,
  store: string,
  date: string,
  status: 'open' | 'done' | 'approved' | 'submitted' | 'rejected' | 'cannot_do' | 'expired',
  completed?: 'early' | 'late',
  expiry?: string,
) {
  const a = await tasks.assign(taskId, store, { date, status, expiry });
  if (completed) {
    await t.database.db
      .update(taskAssignments)
      // Computed here: Citus sets a row from its own columns only through immutable functions.
      .set({ completedAt: new Date(a.dueAt.getTime() + (completed === 'early' ? -1 : 3) * 3_600_000) })
      .where(eq(taskAssignments.id, a.id));
  }
  return a;
}

beforeAll(async () => {
  t = await createTestApp();
  org = organisation(t);
  tasks = taskBuilder(t);
  const check = await compliance('Compliance: fire exits clear');
  checkId = check.id;
  await assignAs(check.id, 'Sydney CBD', PAST, 'done', 'early');
  await assignAs(check.id, 'Parramatta', PAST, 'done', 'late');
  await assignAs(check.id, 'Bondi Junction', PAST, 'open');
  await assignAs(check.id, 'Melbourne Central', PAST, 'cannot_do');
  await assignAs(check.id, 'Newcastle', PAST, 'expired');
  const soon = await compliance('=HYPERLINK("http://evil.test","Compliance: click")');
  soonId = soon.id;
  await assignAs(soon.id, 'Sydney CBD', FUTURE, 'rejected');
  await assignAs(soon.id, 'Parramatta', FUTURE, 'submitted');
  await assignAs(soon.id, 'Bondi Junction', FUTURE, 'open');
  // Not a compliance check: never in the grid.
  const plain = await tasks.createTask({ title: 'Compliance: not flagged' });
  await tasks.assign(plain.id, 'Sydney CBD', { date: PAST });
});
afterAll(() => t.close());

async function grid(as: string, query: Record<string, string | number | boolean> = {}) {
  const res = await t.injectAs(as, {
    url: '/api/compliance/grid',
    query: { ...RANGE, ...query } as Record<string, string>,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ComplianceGrid;
}

/** The grid as {row title → {column name → state}}, for the rows of these tests. */
function states(data: ComplianceGrid) {
  const out: Record<string, Record<string, ComplianceState>> = {};
  for (const row of data.rows.filter((r) => r.task_id === checkId || r.task_id === soonId)) {
    out[row.task_id === checkId ? 'check' : 'soon'] = Object.fromEntries(
      row.cells.map(({ col, state }) => [data.columns[col]!.name, state]),
    );
  }
  return out;
}

describe('GET /api/compliance/grid', () => {
  it('gives each workspace’s state of each check, with totals per row, column and overall', async () => {
    const data = await grid(OWNER);
    expect(data.group).toBe('store');
    expect(states(data)).toEqual({
      check: {
        'Sydney CBD': 'on_time',
        Parramatta: 'late',
        'Bondi Junction': 'overdue',
        'Melbourne Central': 'cannot_do',
        Newcastle: 'expired',
      },
      soon: { 'Sydney CBD': 'rejected', Parramatta: 'waiting', 'Bondi Junction': 'open' },
    });
    expect(data.rows.some((r) => r.title === 'Compliance: not flagged')).toBe(false);
    const check = data.rows.find((r) => r.task_id === checkId)!;
    expect(check).toMatchObject({
      due_date: PAST,
      totals: { on_time: 1, late: 1, overdue: 1, cannot_do: 1, expired: 1 },
    });
    const cbd = data.columns.find((c) => c.name === 'Sydney CBD')!;
    expect(cbd.totals).toEqual({ on_time: 1, rejected: 1 });
    // Every active store is a column, even one without checks.
    expect(data.columns.map((c) => c.name)).toContain('Broken Hill');
    expect(data.totals).toMatchObject({ on_time: 1, late: 1, overdue: 1, rejected: 1, waiting: 1, open: 1 });
  });

  it('shows only the exceptions when asked', async () => {
    const data = await grid(OWNER, { exceptions: true });
    expect(states(data)).toEqual({
      check: { 'Bondi Junction': 'overdue', 'Melbourne Central': 'cannot_do', Newcastle: 'expired' },
      soon: { 'Sydney CBD': 'rejected', 'Bondi Junction': 'open' },
    });
    expect(data.columns.map((c) => c.name)).not.toContain('Broken Hill');
  });

  it('keeps an area manager to their area and groups by the level below a node', async () => {
    const area = await grid(AREA);
    expect(area.columns.map((c) => c.name).sort()).toEqual(['Bondi Junction', 'Parramatta', 'Sydney CBD']);
    expect(states(area).check).toEqual({
      'Sydney CBD': 'on_time',
      Parramatta: 'late',
      'Bondi Junction': 'overdue',
    });

    const melbourne = await org.node('Melbourne Central');
    const outside = await t.injectAs(AREA, {
      url: '/api/compliance/grid',
      query: { ...RANGE, node_id: melbourne.id },
    });
    expect(outside.statusCode).toBe(403);

    const byArea = await grid(OWNER, { group: 'area' });
    expect(byArea.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['New South Wales', 'Victoria']),
    );
    const nsw = byArea.columns.findIndex((c) => c.name === 'New South Wales');
    const check = byArea.rows.find((r) => r.task_id === checkId)!;
    const nswCells = check.cells.filter((c) => c.col === nsw).map((c) => [c.state, c.value]);
    expect(Object.fromEntries(nswCells)).toEqual({ on_time: 1, late: 1, overdue: 1, expired: 1 });

    const nswNode = await org.node('New South Wales');
    const drill = await grid(OWNER, { group: 'area', node_id: nswNode.id });
    expect(drill.node.name).toBe('New South Wales');
    expect(drill.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Sydney Metro', 'Regional NSW']),
    );
  });

  it('answers 404 for another tenant’s node, 403 without compliance.read, 400 for a bad range', async () => {
    const cbd = await org.node('Sydney CBD');
    const globex = await t.injectAs('owner@globex.test', {
      url: '/api/compliance/grid',
      query: { ...RANGE, node_id: cbd.id },
    });
    expect(globex.statusCode).toBe(404);
    const backwards = await t.injectAs(OWNER, {
      url: '/api/compliance/grid',
      query: { from: RANGE.to, to: RANGE.from },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toBeTruthy();
    const staff = await t.injectAs(STAFF, { url: '/api/compliance/grid', query: RANGE });
    expect(staff.statusCode).toBe(200);
    expect((await grid(STAFF)).columns.map((c) => c.name)).toEqual(['Sydney CBD']);
    const ownStore = await grid(STAFF, { group: 'area' });
    expect(ownStore.group).toBe('store');
    expect(ownStore.columns.map((c) => c.name)).toEqual(['Sydney CBD']);
    expect(states(ownStore).check).toEqual({ 'Sydney CBD': 'on_time' });
  });
});

describe('GET /api/compliance/grid — states, filters and closed stores', () => {
  // A range of its own, a month back, so the figures above are not disturbed.
  const DAY = localDate(SYDNEY, -35);
  const OLD = { from: localDate(SYDNEY, -40), to: localDate(SYDNEY, -30) };
  let coldId: number;
  let floatId: number;
  let audited: number;

  beforeAll(async () => {
    const [dept] = await t.database.db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.tenantId, (await org.node('Sydney CBD')).tenantId));
    audited = dept!.id;
    const cold = await compliance('Compliance: cold room log', { departmentId: audited });
    coldId = cold.id;
    // Sent back and never redone, its due time passed: overdue, like an open one.
    await assignAs(cold.id, 'Sydney CBD', DAY, 'rejected');
    // Approved after review, completed before the due time.
    await assignAs(cold.id, 'Parramatta', DAY, 'approved', 'early');
    // Still open but past its expiry time: expired, though the job has not marked it yet.
    await assignAs(cold.id, 'Bondi Junction', DAY, 'open', undefined, '18:00');
    await assignAs(cold.id, 'Wollongong', DAY, 'done', 'late');
    const float = await compliance('Compliance: till float counted', { kind: 'urgent' });
    floatId = float.id;
    await assignAs(float.id, 'Sydney CBD', DAY, 'open');
  });

  it('counts a rejected check past due as overdue, an approved one as done, an open one past expiry as expired', async () => {
    const data = await grid(OWNER, OLD);
    const row = data.rows.find((r) => r.task_id === coldId)!;
    const named = Object.fromEntries(row.cells.map((c) => [data.columns[c.col]!.name, c.state]));
    expect(named).toEqual({
      'Sydney CBD': 'overdue',
      Parramatta: 'on_time',
      'Bondi Junction': 'expired',
      Wollongong: 'late',
    });
    expect(row.totals).toEqual({ overdue: 1, on_time: 1, expired: 1, late: 1 });
    expect(data.totals).toEqual({ overdue: 2, on_time: 1, expired: 1, late: 1 });
    // The cell carries the assignment, so the screen can open its evidence.
    const cbd = row.cells.find((c) => data.columns[c.col]!.name === 'Sydney CBD')!;
    expect((await tasks.assignment(cbd.value)).workspaceNodeId).toBe((await org.node('Sydney CBD')).id);
  });

  it('filters by type and by department', async () => {
    const [float] = await t.database.db
      .select({ typeId: taskTable.typeId })
      .from(taskTable)
      .where(eq(taskTable.id, floatId));
    const urgent = await grid(OWNER, { ...OLD, type_id: float!.typeId });
    expect(urgent.rows.map((r) => r.task_id)).toEqual([floatId]);
    const byDept = await grid(OWNER, { ...OLD, department_id: audited });
    expect(byDept.rows.map((r) => r.task_id)).toEqual([coldId]);
  });

  it('keeps a closed store’s checks in the range, its column after the open stores', async () => {
    const wollongong = await org.node('Wollongong');
    await t.database.db
      .update(hierarchyNodes)
      .set({ status: 'inactive' })
      .where(eq(hierarchyNodes.id, wollongong.id));
    try {
      const data = await grid(OWNER, OLD);
      expect(data.columns.at(-1)).toMatchObject({ name: 'Wollongong', totals: { late: 1 } });
      expect(data.columns.filter((c) => c.name === 'Wollongong')).toHaveLength(1);
      // Outside that range it has nothing to show and no column.
      expect((await grid(OWNER)).columns.map((c) => c.name)).not.toContain('Wollongong');
    } finally {
      await t.database.db
        .update(hierarchyNodes)
        .set({ status: 'active' })
        .where(eq(hierarchyNodes.id, wollongong.id));
    }
  });
});

describe('GET /api/compliance/export', () => {
  it('downloads the grid as CSV with formulas escaped, and as XLSX with plain text cells', async () => {
    const csv = await t.injectAs(AREA, { url: '/api/compliance/export', query: { ...RANGE, format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="compliance-.*\.csv"/);
    const parsed = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1);
    const header = parsed[0]!;
    expect(header.slice(0, 3)).toEqual(['Task', 'Type', 'Due date']);
    const line = parsed.find((r) => r[0] === 'Compliance: fire exits clear')!;
    expect(line[header.indexOf('Sydney CBD')]).toBe('Done on time');
    expect(line[header.indexOf('Bondi Junction')]).toBe('Overdue');
    expect(line.slice(-2)).toEqual(['2', '3']);
    const evil = parsed.find((r) => r[0]!.includes('HYPERLINK'))!;
    // A spreadsheet would run it as a formula: it is written as text, quoted.
    expect(evil[0]).toBe(`'=HYPERLINK("http://evil.test","Compliance: click")`);

    const xlsx = await t.injectAs(AREA, {
      url: '/api/compliance/export',
      query: { ...RANGE, format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const titles = rows.map((r) => r[1]);
    expect(titles).toContain('Compliance: fire exits clear');
    expect(titles).toContain('=HYPERLINK("http://evil.test","Compliance: click")');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });
  it('keeps every cell a spreadsheet could run (= + - @) as text in both formats', async () => {
    const day = localDate(SYDNEY, -60);
    const titles = ['+1+cmd|calc', '-2+3', '@SUM(A1:A9)', '=1+1'];
    for (const title of titles) await assignAs((await compliance(title)).id, 'Sydney CBD', day, 'open');
    const query = { from: day, to: day };
    const csv = await t.injectAs(OWNER, {
      url: '/api/compliance/export',
      query: { ...query, format: 'csv' },
    });
    const firsts = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''))
      .data.slice(1)
      .map((r) => r[0]);
    expect(firsts.sort()).toEqual(titles.map((title) => `'${title}`).sort());
    const xlsx = await t.injectAs(OWNER, {
      url: '/api/compliance/export',
      query: { ...query, format: 'xlsx' },
    });
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename="compliance-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells = titles.map((_, i) => sheet.getRow(i + 2).getCell(1));
    expect(cells.map((c) => c.type)).toEqual(titles.map(() => ExcelJS.ValueType.String));
    expect(cells.map((c) => c.value).sort()).toEqual([...titles].sort());
  });
});

describe('POST /api/compliance/complete', () => {
  const completeFromGrid = (as: string, assignmentId: number) =>
    t.injectAs(as, {
      method: 'POST',
      url: '/api/compliance/complete',
      payload: { assignment_id: assignmentId },
    });

  it('lets a store complete its own open check with the My Tasks rules, nobody else', async () => {
    const check = await compliance('Compliance: first aid kit');
    const own = await tasks.assign(check.id, 'Sydney CBD', { date: localDate(SYDNEY) });
    const other = await tasks.assign(check.id, 'Parramatta', { date: localDate(SYDNEY) });
    const done = await completeFromGrid(STAFF, own.id);
    expect(done.statusCode, done.body).toBe(200);
    expect((await tasks.assignment(own.id)).status).toBe('done');
    const notTheirs = await completeFromGrid(STAFF, other.id);
    expect(notTheirs.statusCode).toBe(403);
    const area = await completeFromGrid(AREA, other.id);
    expect(area.statusCode).toBe(403);
    const plain = await tasks.createTask({ title: 'Not a check' });
    const notCheck = await tasks.assign(plain.id, 'Sydney CBD', { date: localDate(SYDNEY) });
    const refused = await completeFromGrid(STAFF, notCheck.id);
    expect(refused.statusCode).toBe(403);
  });
});
