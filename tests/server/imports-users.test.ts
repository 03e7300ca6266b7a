import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportCheckReport, ImportFileList, ImportResult } from '../../contract/api/imports';
import { importFiles, importRuns, profileValues, users } from '../../server/db/schema';
import { AREA, OWNER } from './helpers/acmePeople';
import { appWithFiles } from './helpers/files';
import { csv, importCalls, injectFailure, reportError, xlsx } from './helpers/imports';
import { organisation } from './helpers/organisation';
import { choosePassword, linkToken } from './helpers/passwordReset';

const t = appWithFiles('storeline-imports-');
const people = importCalls(t, 'user');
const org = organisation(t);
const HEADER = ['first_name', 'last_name', 'email', 'role', 'node', 'extra_positions', 'send_invite'];
const CBD = 'New South Wales / Sydney Metro / Sydney CBD';

beforeAll(async () => {
  for (const field of [
    { name: 'Employee number', short_name: 'employee_no', type: 'number' },
    { name: 'Shirt size', short_name: 'shirt', type: 'select', options: ['S', 'M', 'L'] },
  ]) {
    const res = await t.injectAs(OWNER, { method: 'POST', url: '/api/profile-field/create', payload: field });
    expect(res.statusCode).toBe(200);
  }
});

const usersLike = async (pattern: string) =>
  t.database.db.select().from(users).where(like(users.email, pattern)).orderBy(users.email);

async function positionsOf(email: string) {
  const rows = await org.positionsOf(email);
  return rows.map((p) => p.node).sort();
}

describe('templates', () => {
  it('gives the columns with the profile fields and an example row that imports as it stands', async () => {
    const res = await people.get(OWNER, 'template', { format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const [header, example] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(`${HEADER.join(',')},timezone,employee_no,shirt`);
    expect(example).toContain('jane.citizen@example.com');

    const detail = await people.uploaded(OWNER, res.rawPayload, 'template.csv');
    expect(detail.report).toMatchObject({ rows: 1, create: 1, error_rows: 0, errors: [] });

    const book = await people.get(OWNER, 'template', { format: 'xlsx' });
    expect(book.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(book.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      ...HEADER,
      'timezone',
      'employee_no',
      'shirt',
    ]);
    await people.remove(OWNER, detail.file.filename);
  });
});

describe('upload: every row checked at once', () => {
  it('answers what a run would do, with a preview, and lists the file', async () => {
    const file = csv(
      [...HEADER, 'Shirt size', 'favourite colour'],
      [
        ['Ada', 'Lovelace', 'ada@import.test', 'Team Member', CBD, '', 'yes', 'M', 'blue'],
        ['Sam', 'Staff', 'STAFF@acme.test', 'Team Member', 'NSW-001', '', 'no', '', ''],
        ['Sam', 'Staffer', 'sam.staffer@import.test', 'Team Member', 'Sydney CBD', '', '', '', ''],
      ],
    );
    const res = await people.upload(OWNER, file, 'first people.csv');
    expect(res.statusCode).toBe(200);
    const { file: listed, report } = res.json().data as {
      file: ImportFileList['data'][0];
      report: ImportCheckReport;
    };
    expect(report).toMatchObject({
      rows: 3,
      create: 2,
      update: 0,
      unchanged: 1,
      error_rows: 0,
      errors: [],
      errors_total: 0,
      // Read by its name, named by its short name like every other column.
      columns: [...HEADER, 'shirt'],
      ignored_columns: ['favourite colour'],
    });
    expect(report.preview.map((p) => [p.row, p.action, p.values.email])).toEqual([
      [2, 'create', 'ada@import.test'],
      [3, 'unchanged', 'STAFF@acme.test'],
      [4, 'create', 'sam.staffer@import.test'],
    ]);
    expect(listed).toMatchObject({
      filename: 'first people.csv',
      format: 'csv',
      rows: 3,
      state: 'checked',
      uploaded_by: 'Olivia Owner',
      check: { create: 2, update: 0, unchanged: 1, error_rows: 0 },
      last_run: null,
    });

    const list = await people.get(OWNER, 'list', {});
    expect((list.json().data as ImportFileList).data.map((f) => f.filename)).toContain('first people.csv');
    const again = await people.get(OWNER, 'get', { filename: 'FIRST PEOPLE.csv' });
    expect(again.json().data.report).toEqual(report);
    // The same name again is kept beside the first.
    expect((await people.uploaded(OWNER, file, 'first people.csv')).file.filename).toBe(
      'first people (2).csv',
    );
    // Nothing was written by the check.
    expect(await usersLike('%@import.test')).toHaveLength(0);
    await people.remove(OWNER, 'first people.csv');
    await people.remove(OWNER, 'first people (2).csv');
  });

  it('reports every problem with its row, column and a sentence', async () => {
    const bondi = await org.node('Bondi Junction');
    await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/workspace/deactivate',
      payload: { id: await objectId(bondi.id) },
    });
    const long = 'x'.repeat(101);
    const file = csv(
      [...HEADER, 'Employee number', 'shirt'],
      [
        /* 2 */ ['', 'Nofirst', 'nofirst@import.test', 'Team Member', CBD, '', '', '', ''],
        /* 3 */ ['Bad', 'Email', 'not-an-email', 'Team Member', CBD, '', '', '', ''],
        /* 4 */ ['Dup', 'One', 'dup@import.test', 'Team Member', CBD, '', '', '', ''],
        /* 5 */ ['Dup', 'Two', 'DUP@import.test', 'Team Member', CBD, '', '', '', ''],
        /* 6 */ ['Un', 'Role', 'unrole@import.test', 'Wizard', CBD, '', '', '', ''],
        /* 7 */ [
          'No',
          'Node',
          'nonode@import.test',
          'Team Member',
          'New South Wales / Nowhere',
          '',
          '',
          '',
          '',
        ],
        /* 8 */ ['Un', 'Assigned', 'unassigned@import.test', 'Team Member', 'Unassigned', '', '', '', ''],
        /* 9 */ ['In', 'Active', 'inactive@import.test', 'Team Member', 'NSW-003', '', '', '', ''],
        /* 10 */ ['Bad', 'Invite', 'invite@import.test', 'Team Member', CBD, '', 'perhaps', '', ''],
        /* 11 */ ['No', 'At', 'noat@import.test', 'Team Member', CBD, 'Team Member NSW-002', '', '', ''],
        /* 12 */ [
          'Extra',
          'Nowhere',
          'extra@import.test',
          'Team Member',
          CBD,
          'Team Member @ Nowhere',
          '',
          '',
          '',
        ],
        /* 13 */ [
          'Twice',
          'Listed',
          'twice@import.test',
          'Team Member',
          'NSW-001',
          'team member @ sydney cbd',
          '',
          '',
          '',
        ],
        /* 14 */ ['Emp', 'Number', 'empno@import.test', 'Team Member', CBD, '', '', 'abc', ''],
        /* 15 */ ['Shirt', 'Size', 'shirt@import.test', 'Team Member', CBD, '', '', '', 'XXL'],
        /* 16 */ ['Olivia', 'Owner', 'owner@acme.test', 'Administrator', 'Acme Retail', '', '', '', ''],
        /* 17 */ ['Long', long, 'long@import.test', 'Team Member', CBD, '', '', '', ''],
        /* 18 */ ['Fine', 'Person', 'fine@import.test', 'Team Member', CBD, '', 'yes', '42', 's'],
      ],
    );
    try {
      const { report, file: uploaded } = await people.uploaded(OWNER, file, 'errors.csv');
      expect(report.errors).toEqual([
        reportError(2, 'first_name', 'first_name is required'),
        reportError(3, 'email', '"not-an-email" is not an e-mail address'),
        reportError(5, 'email', 'This e-mail address is also on row 4'),
        reportError(6, 'role', 'No role named "Wizard"'),
        reportError(7, 'node', 'No place "New South Wales / Nowhere"'),
        reportError(8, 'node', 'People cannot be placed in Unassigned'),
        reportError(9, 'node', 'New South Wales / Sydney Metro / Bondi Junction is inactive'),
        reportError(10, 'send_invite', 'Use yes or no'),
        reportError(11, 'extra_positions', 'write each extra position as "Role @ place"'),
        reportError(12, 'extra_positions', '"Team Member @ Nowhere": No place "Nowhere"'),
        reportError(13, 'extra_positions', 'This position is listed twice'),
        reportError(14, 'employee_no', 'Employee number must be a number'),
        reportError(15, 'shirt', 'Shirt size must be one of: S, M, L'),
        reportError(16, 'email', 'You cannot change your own account through an import'),
        reportError(17, 'last_name', 'last_name can be at most 100 characters'),
      ]);
      expect(report).toMatchObject({ rows: 17, create: 2, error_rows: 15, errors_total: 15 });

      // All or nothing (the default): one bad row and nobody is imported.
      const progress = await people.ran(OWNER, uploaded.filename);
      expect(progress).toMatchObject({ state: 'failed', created: 0, failed: 17 });
      expect(progress.message).toContain('15 rows have errors, so nothing was imported');
      expect(await usersLike('%@import.test')).toHaveLength(0);
      const rows = await people.resultRows(OWNER, uploaded.filename);
      expect(rows.find((r) => r.row === '4')).toMatchObject({ action: 'skipped' });
      expect(rows.find((r) => r.row === '6')).toMatchObject({
        action: 'failed',
        message: expect.stringContaining('role: No role named'),
      });
      const listed = (await people.get(OWNER, 'list', {})).json().data as ImportFileList;
      expect(listed.data.find((f) => f.filename === 'errors.csv')).toMatchObject({
        state: 'failed',
        last_run: { state: 'failed' },
      });
      await people.remove(OWNER, uploaded.filename);
    } finally {
      await t.injectAs(OWNER, {
        method: 'PUT',
        url: '/api/workspace/activate',
        payload: { id: await objectId(bondi.id) },
      });
    }
  });

  it('names a missing column on the header row', async () => {
    const { report } = await people.uploaded(
      OWNER,
      csv(['first_name', 'last_name', 'role', 'node'], [['A', 'B', 'Team Member', CBD]]),
      'noemail.csv',
    );
    expect(report.errors).toEqual([{ row: 1, column: 'email', message: 'The column email is missing' }]);
    expect(report).toMatchObject({ rows: 1, error_rows: 1, create: 0 });
    await people.remove(OWNER, 'noemail.csv');
  });
});

async function objectId(nodeId: number) {
  const res = await t.injectAs(OWNER, { url: '/api/hierarchy/node/get', query: { id: nodeId } });
  return res.json().data.object_id as number;
}

describe('run', () => {
  it('imports the valid rows: new people with positions, invitations, forced resets and profile values', async () => {
    const file = csv(
      [...HEADER, 'Employee number', 'Shirt size'],
      [
        [
          'Ivy',
          'Invited',
          'ivy@import.test',
          'Team Member',
          CBD,
          'Store Manager @ NSW-002',
          'yes',
          '1001',
          'S',
        ],
        ['Nat', 'Notinvited', 'nat@import.test', 'Store Manager', 'NSW-002', '', 'no', '', ''],
        ['Bad', 'Row', 'bad@import.test', 'Wizard', CBD, '', '', '', ''],
      ],
    );
    const { file: uploaded } = await people.uploaded(OWNER, file, 'valid.csv');
    const progress = await people.ran(OWNER, uploaded.filename, { mode: 'valid' });
    expect(progress).toMatchObject({
      state: 'imported',
      mode: 'valid',
      processed: 2,
      total: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 1,
      started_by: 'Olivia Owner',
    });
    const [ivy, nat] = await Promise.all([
      t.userByUsername('ivy@import.test'),
      t.userByUsername('nat@import.test'),
    ]);
    expect(ivy).toMatchObject({
      firstname: 'Ivy',
      lastname: 'Invited',
      email: 'ivy@import.test',
      forceReset: true,
    });
    expect(nat).toMatchObject({ forceReset: true });
    expect(await positionsOf('ivy@import.test')).toEqual(['Parramatta', 'Sydney CBD']);
    expect(await positionsOf('nat@import.test')).toEqual(['Parramatta']);
    const values = await t.database.db.select().from(profileValues).where(eq(profileValues.userId, ivy.id));
    expect(values.map((v) => v.value).sort()).toEqual(['1001', 'S']);
    expect(await t.userByUsername('bad@import.test').catch(() => undefined)).toBeUndefined();

    // The invited person gets the welcome link and can choose a password with it; the other is not mailed.
    const [mail] = await t.mailsTo('ivy@import.test');
    expect(mail!.subject).toContain('Welcome');
    expect(await t.mailsTo('nat@import.test')).toHaveLength(0);
    const token = linkToken(mail);
    const reset = await choosePassword(t, { token, password: 'a new password 1' });
    expect(reset.statusCode).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ivy@import.test', password: 'a new password 1', timezone: 'UTC' },
    });
    expect(login.statusCode).toBe(200);

    const rows = await people.resultRows(OWNER, uploaded.filename);
    expect(rows.map((r) => [r.row, r.key, r.action])).toEqual([
      ['2', 'ivy@import.test', 'created'],
      ['3', 'nat@import.test', 'created'],
      ['4', 'bad@import.test', 'failed'],
    ]);
    const json = (await people.get(OWNER, 'result', { filename: uploaded.filename })).json()
      .data as ImportResult;
    expect(json.rows_total).toBe(3);
    expect(json.rows[0]).toMatchObject({ row: 4, action: 'failed' });
    expect(json.run).toMatchObject({ state: 'imported', created: 2 });
    const listed = (await people.get(OWNER, 'list', {})).json().data as ImportFileList;
    expect(listed.data.find((f) => f.filename === 'valid.csv')).toMatchObject({
      state: 'imported',
      last_run: { state: 'imported', created: 2, failed: 1 },
    });
  });

  it('matches people on e-mail: updates who changed, leaves who did not, creates the rest', async () => {
    const before = await t.userByUsername('staff@acme.test');
    const file = csv(HEADER, [
      ['Sam', 'Staffing', 'STAFF@ACME.TEST', 'Team Member', 'NSW-002', '', 'yes'],
      ['Sophie', 'Store', 'store@acme.test', 'Store Manager', CBD, '', ''],
      ['Una', 'Updated', 'una@import.test', 'Team Member', CBD, '', ''],
    ]);
    const { report, file: uploaded } = await people.uploaded(OWNER, file, 'update.csv');
    expect(report.preview.map((p) => p.action)).toEqual(['update', 'unchanged', 'create']);
    const progress = await people.ran(OWNER, uploaded.filename);
    expect(progress).toMatchObject({ state: 'imported', created: 1, updated: 1, unchanged: 1, failed: 0 });
    const after = await t.userByUsername('staff@acme.test');
    expect(after).toMatchObject({
      id: before.id,
      firstname: 'Sam',
      lastname: 'Staffing',
      forceReset: before.forceReset,
    });
    // The file's position replaced the old one; an update sends no invitation.
    expect(await positionsOf('staff@acme.test')).toEqual(['Parramatta']);
    expect(await t.mailsTo('staff@acme.test')).toHaveLength(0);
    // The same file again changes nothing.
    const second = await people.uploaded(OWNER, file, 'update.csv');
    expect(second.report).toMatchObject({ create: 0, update: 0, unchanged: 3 });
  });

  it('applies the role ceiling and the scope of the caller to every row (area manager)', async () => {
    await org.addUser('vic.person@import.test', 'Geelong', 'Team Member');
    await org.addUser('strong@import.test', 'Sydney CBD', 'Administrator');
    const file = csv(HEADER, [
      ['Tom', 'Team', 'tom@import.test', 'Team Member', 'Sydney CBD', '', ''],
      ['Sue', 'Store', 'sue@import.test', 'Store Manager', 'NSW-002', '', ''],
      ['Ada', 'Admin', 'admin@import.test', 'Administrator', 'NSW-001', '', ''],
      ['Vic', 'Tor', 'victor@import.test', 'Team Member', 'Victoria / Regional Victoria / Geelong', '', ''],
      ['Top', 'Level', 'top@import.test', 'Team Member', 'Acme Retail', '', ''],
      ['Vic', 'Person', 'vic.person@import.test', 'Team Member', 'Sydney CBD', '', ''],
      ['Strong', 'One', 'strong@import.test', 'Team Member', 'Sydney CBD', '', ''],
    ]);
    const { report, file: uploaded } = await people.uploaded(AREA, file, 'area.csv');
    expect(report.errors).toEqual([
      reportError(4, 'role', 'You cannot give the role Administrator'),
      reportError(
        5,
        'node',
        'Victoria / Regional Victoria / Geelong is outside your part of the organisation',
      ),
      reportError(6, 'node', 'Acme Retail is outside your part of the organisation'),
      reportError(7, 'email', 'exists outside your part of the organisation'),
      reportError(8, 'email', 'holds a role with access yours does not have'),
    ]);
    // The owner does not see the area manager's file in another part of the list… but the area's
    // files are the owner's to see (below them); the area manager does not see the owner's.
    const ownerList = (await people.get(OWNER, 'list', {})).json().data as ImportFileList;
    expect(ownerList.data.map((f) => f.filename)).toContain('area.csv');
    const areaList = (await people.get(AREA, 'list', {})).json().data as ImportFileList;
    expect(areaList.data.map((f) => f.filename)).toEqual(['area.csv']);
    expect((await people.get(AREA, 'get', { filename: 'valid.csv' })).statusCode).toBe(403);

    const progress = await people.ran(AREA, uploaded.filename, { mode: 'valid' });
    expect(progress).toMatchObject({ state: 'imported', created: 2, failed: 5 });
    expect(await positionsOf('tom@import.test')).toEqual(['Sydney CBD']);
    expect(await positionsOf('strong@import.test')).toEqual(['Sydney CBD']);
    expect(await t.userByUsername('admin@import.test').catch(() => undefined)).toBeUndefined();
  });

  it('rolls everything back when the database fails mid-run, and can run again', async () => {
    const file = csv(HEADER, [
      ['Rob', 'One', 'rob1@import.test', 'Team Member', CBD, '', 'yes'],
      ['Rob', 'Boom', 'boom@import.test', 'Team Member', CBD, '', 'yes'],
      ['Rob', 'Three', 'rob3@import.test', 'Team Member', CBD, '', 'yes'],
    ]);
    const { file: uploaded } = await people.uploaded(OWNER, file, 'boom.csv');
    const restore = await injectFailure(
      t,
      'positions',
      `EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = NEW.tenant_id AND u.id = NEW.user_id AND u.username = 'boom@import.test')`,
    );
    let progress: Awaited<ReturnType<typeof people.ran>>;
    try {
      progress = await people.ran(OWNER, uploaded.filename);
    } finally {
      await restore();
    }
    expect(progress).toMatchObject({ state: 'failed', created: 0, failed: 3 });
    expect(progress.message).toBe('The import stopped on an unexpected error. Nothing was imported.');
    // The people were inserted before their positions failed: the rollback took them away again.
    expect(await usersLike('rob%@import.test')).toHaveLength(0);
    expect(await usersLike('boom@import.test')).toHaveLength(0);
    expect(await t.mailsTo('rob1@import.test')).toHaveLength(0);
    expect((await people.resultRows(OWNER, uploaded.filename)).map((r) => r.action)).toEqual([
      'skipped',
      'skipped',
      'skipped',
    ]);

    const again = await people.ran(OWNER, uploaded.filename);
    expect(again).toMatchObject({ state: 'imported', created: 3 });
    expect(await usersLike('rob%@import.test')).toHaveLength(2);
  });

  it('lets one of two runs of a file start; the other is told it is running', async () => {
    const { file: uploaded } = await people.uploaded(
      OWNER,
      csv(HEADER, [['Ray', 'Race', 'race@import.test', 'Team Member', CBD, '', '']]),
      'race.csv',
    );
    const answers = await Promise.all([
      people.run(OWNER, uploaded.filename),
      people.run(OWNER, uploaded.filename),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toContain('being imported already');
    const progress = (await people.get(OWNER, 'progress', { filename: uploaded.filename })).json().data;
    expect(progress).toMatchObject({ state: 'queued', processed: 0 });
    // While it is queued it cannot be deleted, and its report is not ready.
    expect((await people.remove(OWNER, uploaded.filename)).statusCode).toBe(409);
    expect(
      (await people.get(OWNER, 'result', { filename: uploaded.filename, format: 'csv' })).statusCode,
    ).toBe(409);
    await t.app.jobs.drain();
    const runs = await t.database.db
      .select({ n: count() })
      .from(importRuns)
      .innerJoin(
        importFiles,
        and(eq(importFiles.tenantId, importRuns.tenantId), eq(importFiles.id, importRuns.fileId)),
      )
      .where(eq(importFiles.filename, 'race.csv'));
    expect(runs[0]!.n).toBe(1);
    expect((await people.get(OWNER, 'progress', { filename: uploaded.filename })).json().data).toMatchObject({
      state: 'imported',
      created: 1,
    });
  });
  it('lets a file whose run was lost with its process run again an hour later', async () => {
    const { file: uploaded } = await people.uploaded(
      OWNER,
      csv(HEADER, [['Los', 'T', 'lost@import.test', 'Team Member', CBD, '', '']]),
      'lost.csv',
    );
    const first = (await people.run(OWNER, uploaded.filename)).json().data;
    expect((await people.run(OWNER, uploaded.filename)).statusCode).toBe(409);
    await t.database.db
      .update(importRuns)
      .set({ startedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(importRuns.id, first.run_id));
    // Before anyone acts on the file, the screen already hears that run failed (not "running" forever).
    expect((await people.get(OWNER, 'progress', { filename: uploaded.filename })).json().data).toMatchObject({
      run_id: first.run_id,
      state: 'failed',
      message: expect.stringContaining('did not finish'),
    });
    const second = await people.run(OWNER, uploaded.filename);
    expect(second.statusCode).toBe(200);
    const [lost] = await t.database.db.select().from(importRuns).where(eq(importRuns.id, first.run_id));
    expect(lost).toMatchObject({ state: 'failed', message: expect.stringContaining('did not finish') });
    // Both jobs run; the lost run's job finds its run closed and leaves it.
    await t.app.jobs.drain();
    expect((await people.get(OWNER, 'progress', { filename: uploaded.filename })).json().data).toMatchObject({
      run_id: second.json().data.run_id,
      state: 'imported',
      created: 1,
    });
  });
});

describe('files', () => {
  it('keeps formula-like cells as text and exports them safely (XLSX)', async () => {
    const book = await xlsx(HEADER, [
      ['=1+2', 'Formula', 'formula@import.test', 'Team Member', CBD, '', 'no'],
      ['Hyper', 'Link', '=HYPERLINK("http://evil.test","click")', 'Team Member', CBD, '', 'no'],
      [
        { formula: 'HYPERLINK("http://evil.test","x")' } as ExcelJS.CellFormulaValue,
        'Cell',
        'cell@import.test',
        'Team Member',
        CBD,
        '',
        'no',
      ],
    ]);
    const { report, file: uploaded } = await people.uploaded(OWNER, book, 'formulas.xlsx');
    expect(uploaded.format).toBe('xlsx');
    expect(report.errors).toEqual([
      {
        row: 3,
        column: 'email',
        message: '"=HYPERLINK("http://evil.test","click")" is not an e-mail address',
      },
    ]);
    await people.ran(OWNER, uploaded.filename, { mode: 'valid' });
    expect((await t.userByUsername('formula@import.test')).firstname).toBe('=1+2');
    expect((await t.userByUsername('cell@import.test')).firstname).toBe('=HYPERLINK("http://evil.test","x")');
    const res = await people.get(OWNER, 'result', { filename: uploaded.filename, format: 'csv' });
    // The cell is written with a leading quote, so a spreadsheet shows it instead of running it.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
    const original = await people.get(OWNER, 'download', { filename: uploaded.filename });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(book)).toBe(true);
  });

  it('cleans uploaded names and refuses names that leave the folder', async () => {
    const file = csv(HEADER, [['Pat', 'Path', 'pat@import.test', 'Team Member', CBD, '', '']]);
    const names = await Promise.all(
      ['../../etc/passwd.csv', '..\\..\\windows\\win.ini', 'C:\\Users\\me\\My People!.csv', '....csv'].map(
        async (name) => (await people.uploaded(OWNER, file, name)).file.filename,
      ),
    );
    expect(names.sort()).toEqual(['My People_.csv', 'import.csv', 'passwd.csv', 'win.ini.csv'].sort());
    for (const bad of [
      '../passwd.csv',
      '..\\passwd.csv',
      'a/passwd.csv',
      '..',
      '.hidden.csv',
      'pass\u0000wd.csv',
    ]) {
      for (const call of ['get', 'download', 'progress', 'result']) {
        const res = await people.get(OWNER, call, { filename: bad });
        expect(res.statusCode, `${call} ${JSON.stringify(bad)}`).toBe(400);
      }
      expect((await people.remove(OWNER, bad)).statusCode).toBe(400);
      expect((await people.run(OWNER, bad)).statusCode).toBe(400);
    }
    // Stored under the tenant and the file's id, never under a name someone typed.
    const stored = readdirSync(path.join(t.dataDir, 'files', 'imports'), { recursive: true }).map(String);
    expect(
      stored.every((f) =>
        /^\d+($|[/\\](user|workspace)($|[/\\](\d+\.(csv|xlsx)|results([/\\]\d+\.csv)?)$))/.test(f),
      ),
    ).toBe(true);
    for (const name of names) expect((await people.remove(OWNER, name)).statusCode).toBe(200);
  });

  it('refuses a file over 10 MB with 413, over 50,000 rows or not a spreadsheet with 400', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const tooBig = await people.upload(OWNER, big, 'big.csv');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toContain('10 MB');
    const rows = Array.from({ length: 50_001 }, (_, i) => `P,${i},p${i}@import.test,Team Member,NSW-001,,`);
    const many = await people.upload(OWNER, [HEADER.join(','), ...rows].join('\n'), 'many.csv');
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('more than 50,000 rows');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    expect((await people.upload(OWNER, png, 'photo.csv')).statusCode).toBe(400);
    expect((await people.upload(OWNER, 'first_name,last_name\n', 'empty.csv')).json().message).toBe(
      'The file has no rows under its header',
    );
    const listed = (await people.get(OWNER, 'list', {})).json().data as ImportFileList;
    expect(listed.data.map((f) => f.filename)).not.toContain('many.csv');
  });

  it('keeps tenants apart (404), and needs user.create (403)', async () => {
    const { file: uploaded } = await people.uploaded(
      OWNER,
      csv(HEADER, [['Ten', 'Ant', 'tenant@import.test', 'Team Member', CBD, '', '']]),
      'acme only.csv',
    );
    const globex = 'owner@globex.test';
    for (const call of ['get', 'download', 'progress', 'result'])
      expect((await people.get(globex, call, { filename: uploaded.filename })).statusCode, call).toBe(404);
    expect((await people.run(globex, uploaded.filename)).statusCode).toBe(404);
    expect((await people.remove(globex, uploaded.filename)).statusCode).toBe(404);
    expect(((await people.get(globex, 'list', {})).json().data as ImportFileList).data).toEqual([]);
    for (const who of ['staff@acme.test', 'store@acme.test']) {
      expect((await people.get(who, 'list', {})).statusCode).toBe(403);
      expect((await people.upload(who, 'a,b\n1,2\n', 'x.csv')).statusCode).toBe(403);
      expect((await people.run(who, uploaded.filename)).statusCode).toBe(403);
    }
    expect((await people.get(OWNER, 'progress', { filename: uploaded.filename })).statusCode).toBe(404);
    expect((await people.remove(OWNER, uploaded.filename)).json().data).toEqual({
      filename: 'acme only.csv',
    });
    expect((await people.get(OWNER, 'download', { filename: uploaded.filename })).statusCode).toBe(404);
  });

  it('answers 400 for a run without a file name and for an unknown mode', async () => {
    expect(
      (await t.injectAs(OWNER, { method: 'POST', url: '/api/user/import/run', payload: {} })).statusCode,
    ).toBe(400);
    expect((await people.run(OWNER, 'x.csv', { mode: 'some' })).statusCode).toBe(400);
    expect((await people.run(OWNER, 'x.csv')).statusCode).toBe(404);
  });
});
