import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ImportCheckReport,
  ImportFile,
  ImportFileDetail,
  ImportKind,
  ImportProgress,
  ImportResult,
} from '../../contract/api/imports';
import { FakeXhr } from './fakeXhr';
import { adminVerify, permissionsOf, resetBrowserState, verifyData, workspaceRecord } from './fixtures';
import { server } from './msw';
import { expectPath, renderRoute, setViewportWidth } from './renderApp';

const owner = () => adminVerify({ username: 'owner@acme.test' });

const COLUMNS = ['first_name', 'last_name', 'email', 'role', 'node'];

const report = (overrides: Partial<ImportCheckReport> = {}): ImportCheckReport => ({
  rows: 3,
  create: 1,
  update: 1,
  unchanged: 0,
  error_rows: 1,
  columns: COLUMNS,
  ignored_columns: ['favourite colour'],
  missing_containers: [],
  errors: [
    { row: 4, column: 'email', message: 'Not a valid e-mail address' },
    { row: 4, column: 'role', message: 'No role "Captain"' },
  ],
  errors_total: 2,
  preview: [
    {
      row: 2,
      action: 'create',
      values: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@import.test',
        role: 'Team Member',
        node: 'NSW-001',
      },
    },
    {
      row: 3,
      action: 'update',
      values: {
        first_name: 'Sam',
        last_name: 'Staff',
        email: 'staff@acme.test',
        role: 'Team Member',
        node: 'NSW-001',
      },
    },
    {
      row: 4,
      action: 'error',
      values: {
        first_name: 'Bad',
        last_name: 'Row',
        email: 'not-an-email',
        role: 'Captain',
        node: 'NSW-001',
      },
    },
  ],
  ...overrides,
});

const runOf = (overrides: Partial<ImportProgress> = {}): ImportProgress => ({
  run_id: 9,
  filename: 'people.xlsx',
  mode: 'all',
  create_containers: false,
  state: 'queued',
  processed: 0,
  total: 3,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  containers_created: 0,
  message: null,
  started_by: 'Olivia Owner',
  started_at: '2030-03-04T01:00:00.000Z',
  finished_at: null,
  ...overrides,
});

const fileOf = (overrides: Partial<ImportFile> = {}): ImportFile => ({
  filename: 'people.xlsx',
  format: 'xlsx',
  size: 20_480,
  uploaded_by: 'Olivia Owner',
  uploaded_at: '2030-03-04T00:30:00.000Z',
  rows: 3,
  state: 'checked',
  check: { create: 1, update: 1, unchanged: 0, error_rows: 1 },
  last_run: null,
  ...overrides,
});

interface Calls {
  runs: unknown[];
  deleted: string[];
  progress: number;
}

/**
 * One file on the server. `runs` answers the progress calls in turn (the last one repeats), so a
 * test can walk a run from queued to its outcome.
 */
function serve(
  kind: ImportKind,
  detail: ImportFileDetail,
  { runs = [] as ImportProgress[], files = [detail.file] } = {},
): Calls {
  const calls: Calls = { runs: [], deleted: [], progress: 0 };
  let started = detail.file.last_run !== null;
  const base = `*/api/${kind}/import`;
  server.use(
    http.get(`${base}/list`, () =>
      HttpResponse.json({ status: 200, data: { data: files, total: files.length } }),
    ),
    http.get(`${base}/get`, ({ request }) => {
      const name = new URL(request.url).searchParams.get('filename');
      if (name !== detail.file.filename || calls.deleted.includes(name))
        return HttpResponse.json({ status: 404, message: 'Import file not found' }, { status: 404 });
      const last = started ? (runs[Math.min(calls.progress, runs.length - 1)] ?? detail.file.last_run) : null;
      return HttpResponse.json({
        status: 200,
        data: { ...detail, file: { ...detail.file, last_run: last } },
      });
    }),
    http.post(`${base}/run`, async ({ request }) => {
      calls.runs.push(await request.json());
      started = true;
      return HttpResponse.json({ status: 200, data: runs[0] ?? runOf() });
    }),
    http.get(`${base}/progress`, () => {
      const answer = runs[Math.min(calls.progress, runs.length - 1)];
      calls.progress += 1;
      return HttpResponse.json({ status: 200, data: answer ?? detail.file.last_run });
    }),
    http.get(`${base}/result`, () =>
      HttpResponse.json({
        status: 200,
        data: {
          run: runs.at(-1) ?? detail.file.last_run ?? runOf({ state: 'imported' }),
          rows: [
            { row: 4, key: 'not-an-email', action: 'failed', message: 'email: Not a valid e-mail address' },
          ],
          rows_total: 3,
        } satisfies ImportResult,
      }),
    ),
    http.delete(`${base}/delete`, ({ request }) => {
      const name = new URL(request.url).searchParams.get('filename')!;
      calls.deleted.push(name);
      return HttpResponse.json({ status: 200, data: { filename: name } });
    }),
  );
  return calls;
}

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('importing people', () => {
  it('shows the check: the preview with what each row would do, and each error by row and column', async () => {
    serve('user', { file: fileOf(), report: report() });
    renderRoute('/admin/user/import?file=people.xlsx', owner());

    const preview = await screen.findByRole('table', { name: 'Preview' });
    const rows = within(preview).getAllByTestId('import-preview-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['2', '3', '4']);
    expect(within(rows[0]!).getByText('Create')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Update')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Error')).toBeInTheDocument();
    // The cells in error are marked and say why on hover.
    const bad = within(rows[2]!).getByText('not-an-email');
    expect(bad).toHaveAttribute('aria-invalid', 'true');
    expect(bad).toHaveAttribute('title', 'Not a valid e-mail address');
    expect(within(rows[0]!).getByText('ada@import.test')).not.toHaveAttribute('aria-invalid');

    const errors = screen.getByRole('table', { name: '2 errors' });
    expect(
      within(errors)
        .getAllByTestId('import-error')
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['4', 'email', 'Not a valid e-mail address'],
      ['4', 'role', 'No role "Captain"'],
    ]);
    expect(screen.getByTestId('import-check-counts')).toHaveTextContent('1 row with errors');
    expect(
      screen.getByText('This column is not one the import knows and will be ignored: favourite colour'),
    ).toBeInTheDocument();
    expect(screen.getByText(/so an all-or-nothing run will import nothing/)).toBeInTheDocument();
  });

  it('sends the run choice, shows the progress while it runs and the outcome after', async () => {
    const calls = serve(
      'user',
      { file: fileOf(), report: report() },
      {
        runs: [
          runOf({ mode: 'valid', state: 'queued' }),
          runOf({ mode: 'valid', state: 'running', processed: 1, total: 2 }),
          runOf({
            mode: 'valid',
            state: 'imported',
            processed: 2,
            total: 2,
            created: 1,
            updated: 1,
            failed: 1,
            message: '1 row with errors not imported.',
            finished_at: '2030-03-04T01:00:05.000Z',
          }),
        ],
      },
    );
    renderRoute('/admin/user/import?file=people.xlsx', owner());
    const panel = await screen.findByRole('region', { name: 'Run the import' });
    // All or nothing is the default.
    expect(within(panel).getByRole('radio', { name: /All or nothing/ })).toBeChecked();
    await userEvent.click(within(panel).getByRole('radio', { name: /Import only the valid rows/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Run import' }));
    await waitFor(() => expect(calls.runs).toEqual([{ filename: 'people.xlsx', mode: 'valid' }]));

    const bar = await within(panel).findByRole('progressbar', { name: 'Import progress' });
    expect(within(panel).getByRole('button', { name: 'Run import' })).toBeDisabled();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(within(panel).getByText('Importing… 1 of 2 rows')).toBeInTheDocument();

    const outcome = await within(panel).findByTestId('import-outcome');
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    expect(outcome).toHaveTextContent('Imported');
    expect(outcome).toHaveTextContent('1 row with errors not imported.');
    expect(within(outcome).getByText('Created').nextSibling).toHaveTextContent('1');
    expect(within(outcome).getByText('Not imported').nextSibling).toHaveTextContent('1');
    expect(
      await within(outcome).findByText('Row 4 (not-an-email): email: Not a valid e-mail address'),
    ).toBeTruthy();
    expect(within(outcome).getByRole('button', { name: 'Download result (CSV)' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Run import' })).toBeEnabled();
  });

  it('follows a run still under way after a reload', async () => {
    const running = runOf({ state: 'running', total: 3 });
    serve(
      'user',
      { file: fileOf({ state: 'running', last_run: running }), report: report() },
      { runs: [running] },
    );
    renderRoute('/admin/user/import?file=people.xlsx', owner());
    const panel = await screen.findByRole('region', { name: 'Run the import' });
    expect(await within(panel).findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(within(panel).getByText('Importing 3 rows…')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Run import' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('says why the server refused a run', async () => {
    serve('user', { file: fileOf(), report: report() });
    server.use(
      http.post('*/api/user/import/run', () =>
        HttpResponse.json({ status: 409, message: 'This file is being imported already' }, { status: 409 }),
      ),
    );
    renderRoute('/admin/user/import?file=people.xlsx', owner());
    await userEvent.click(await screen.findByRole('button', { name: 'Run import' }));
    expect(await screen.findByText('This file is being imported already')).toBeInTheDocument();
  });

  it('deletes a file only after the confirmation, then lists the files again', async () => {
    const calls = serve('user', { file: fileOf(), report: report() });
    renderRoute('/admin/user/import?file=people.xlsx', owner());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete people.xlsx?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete people.xlsx?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(calls.deleted).toEqual(['people.xlsx']));
    await expectPath('/admin/user/import');
    expect(await screen.findByText('people.xlsx deleted')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Uploaded files' })).toBeInTheDocument();
  });

  it('lists the uploaded files and opens one', async () => {
    const imported = runOf({ state: 'imported', created: 3, finished_at: '2030-03-04T01:00:05.000Z' });
    serve(
      'user',
      { file: fileOf(), report: report() },
      {
        files: [
          fileOf(),
          fileOf({ filename: 'older.csv', format: 'csv', state: 'imported', last_run: imported }),
        ],
      },
    );
    renderRoute('/admin/user/import', owner());
    const table = await screen.findByRole('table', { name: 'Uploaded files' });
    const rows = within(table).getAllByTestId('import-file-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('people.xlsx');
    expect(rows[0]).toHaveTextContent('Olivia Owner');
    expect(rows[0]).toHaveTextContent('1 row with errors');
    expect(rows[0]).toHaveTextContent('Not run yet');
    expect(rows[1]).toHaveTextContent('Imported');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'people.xlsx' }));
    await expectPath('/admin/user/import', '?file=people.xlsx');
    expect(await screen.findByRole('table', { name: 'Preview' })).toBeInTheDocument();
  });

  it('uploads a file with its progress and opens its check; a refusal shows the server’s words', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const detail = { file: fileOf({ filename: 'people (2).xlsx' }), report: report() };
    serve('user', detail, { files: [] });
    renderRoute('/admin/user/import', owner());
    expect(await screen.findByTestId('imports-empty')).toBeInTheDocument();

    const file = new File(['a,b'], 'people.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.upload(screen.getByLabelText('Choose a file'), file);
    const xhr = FakeXhr.sent[0]!;
    expect(new URL(xhr.url).pathname).toBe('/api/user/import/upload');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    act(() => xhr.progress(40, 100));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('Uploading people.xlsx… 40%')).toBeInTheDocument();
    act(() => xhr.respond(400, { status: 400, output: 'This file has no header row' }));
    expect(await screen.findByText('This file has no header row')).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Choose a file'), file);
    act(() => FakeXhr.sent[1]!.respond(200, { status: 200, data: detail }));
    await expectPath('/admin/user/import', '?file=people+%282%29.xlsx');
    expect(await screen.findByRole('heading', { name: 'people (2).xlsx' })).toBeInTheDocument();

    // Without output or message, spec §8's fallback.
    await userEvent.upload(screen.getByLabelText('Choose a file'), file);
    act(() => FakeXhr.sent[2]!.respond(500, {}));
    expect(await screen.findByText('Error uploading file')).toBeInTheDocument();
  });
});

describe('importing stores', () => {
  it('titles the page with the tenant’s term and can create the missing containers', async () => {
    const stores = report({
      columns: ['identifier', 'name', 'parent'],
      ignored_columns: [],
      errors: [{ row: 2, column: 'parent', message: 'No container "Tasmania"' }],
      errors_total: 1,
      missing_containers: ['Tasmania'],
      preview: [
        { row: 2, action: 'error', values: { identifier: 'TAS-001', name: 'Hobart', parent: 'Tasmania' } },
      ],
      rows: 1,
      create: 0,
      update: 0,
    });
    const calls = serve('workspace', {
      file: fileOf({ filename: 'stores.csv', format: 'csv' }),
      report: stores,
    });
    renderRoute('/admin/workspace/import?file=stores.csv', owner());
    expect(await screen.findByText(/Add or update many stores/)).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Run the import' });
    expect(within(panel).getByTestId('import-missing-containers')).toHaveTextContent('Tasmania');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Create missing containers' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Run import' }));
    await waitFor(() =>
      expect(calls.runs).toEqual([{ filename: 'stores.csv', mode: 'all', create_containers: true }]),
    );
  });
});

describe('the way in', () => {
  const workspace = workspaceRecord({
    street_line1: '',
    suburb: '',
    postcode: '',
    contact: '',
    description: '',
    open_at: null,
  });
  beforeEach(() => {
    server.use(
      http.get('*/api/workspace/list', () =>
        HttpResponse.json({ status: 200, data: { data: [workspace], total: 1, page: 1, per_page: 25 } }),
      ),
      http.get('*/api/workspace/summary', () =>
        HttpResponse.json({ status: 200, data: { active: 12, inactive: 1, limit: 50 } }),
      ),
    );
  });

  it('links the import from the list for those who may create', async () => {
    renderRoute('/admin/workspace', owner());
    expect(await screen.findByText('NSW-001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/admin/workspace/import');
  });

  it('shows no import to those who may not', async () => {
    renderRoute('/admin/workspace', verifyData({ modules: permissionsOf('Area Manager') }));
    expect(await screen.findByText('NSW-001')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
  });
});
