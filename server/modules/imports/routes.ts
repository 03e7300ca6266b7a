import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CSV_TYPE, SPREADSHEET_TYPES } from '../../../contract/api/common';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  ImportDeleted,
  ImportFileDetail,
  ImportFileList,
  ImportFilenameQuery,
  ImportProgress,
  ImportResult,
  ImportResultQuery,
  ImportRunBody,
  ImportTemplateQuery,
} from '../../../contract/api/imports';
import { callerOf } from '../../lib/caller';
import { fileResponses, ok, responses, sendDownload } from '../../lib/http';
import { readUpload } from '../../lib/uploads';
import * as imports from './service';

const tags = ['imports'];

/**
 * Bulk imports of people (`/api/user/import/*`, user.create) and stores
 * (`/api/workspace/import/*`, workspace.create): spec §7, issue 14.
 */
export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): imports.ImportDeps => ({ db: app.db, files: app.files, jobs: app.jobs });

  for (const kind of IMPORT_KINDS) {
    const base = `/api/${kind}/import`;
    const access = { access: { module: kind, can: ['create' as const] } };
    const what = kind === 'user' ? 'people' : 'workspaces';

    app.get(
      `${base}/list`,
      {
        schema: {
          tags,
          summary: `Uploaded ${what} files in the caller’s part of the organisation, newest first, with their check and latest run`,
          response: responses(ImportFileList),
        },
        config: access,
      },
      async (request) => ok(await imports.list(app.db, callerOf(request), kind)),
    );

    app.post(
      `${base}/upload`,
      {
        schema: {
          tags,
          summary: `Upload a ${what} file (multipart \`file\`, CSV or XLSX, at most 10 MB and 50,000 rows): every row is checked at once and the report answered and kept`,
          consumes: ['multipart/form-data'],
          response: responses(ImportFileDetail),
        },
        config: access,
      },
      async (request) => {
        const caller = callerOf(request);
        const sent = await readUpload(request, IMPORT_MAX_BYTES);
        return ok(await imports.upload(deps(), caller, kind, sent));
      },
    );

    app.get(
      `${base}/get`,
      {
        schema: {
          tags,
          summary: 'A file with its check report and preview',
          querystring: ImportFilenameQuery,
          response: responses(ImportFileDetail),
        },
        config: access,
      },
      async (request) => ok(await imports.get(app.db, callerOf(request), kind, request.query.filename)),
    );

    app.post(
      `${base}/run`,
      {
        schema: {
          tags,
          summary:
            'Queue an import of the file: all rows in one transaction (mode all, the default) or only the rows without errors (valid); 409 while a run of it is under way',
          body: ImportRunBody,
          response: responses(ImportProgress),
        },
        config: access,
      },
      async (request) => ok(await imports.run(deps(), callerOf(request), kind, request.body)),
    );

    app.get(
      `${base}/progress`,
      {
        schema: {
          tags,
          summary: 'The latest run of the file: state, rows processed and counts',
          querystring: ImportFilenameQuery,
          response: responses(ImportProgress),
        },
        config: access,
      },
      async (request) => ok(await imports.progress(app.db, callerOf(request), kind, request.query.filename)),
    );

    app.get(
      `${base}/result`,
      {
        schema: {
          tags,
          summary:
            'The latest finished run’s report: every row’s fate as CSV (format=csv), or the run with the rows that failed first (json)',
          querystring: ImportResultQuery,
          response: fileResponses([CSV_TYPE], ImportResult),
        },
        config: access,
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { filename, format } = request.query;
        if (format === 'csv')
          return sendDownload(reply, await imports.resultCsv(deps(), caller, kind, filename));
        return ok(await imports.result(deps(), caller, kind, filename));
      },
    );

    app.get(
      `${base}/download`,
      {
        schema: {
          tags,
          summary: 'The file as it was uploaded',
          querystring: ImportFilenameQuery,
          response: fileResponses(SPREADSHEET_TYPES),
        },
        config: access,
      },
      async (request, reply) =>
        sendDownload(reply, await imports.download(deps(), callerOf(request), kind, request.query.filename)),
    );

    app.delete(
      `${base}/delete`,
      {
        schema: {
          tags,
          summary: 'Delete the file with its runs and reports (409 while it is being imported)',
          querystring: ImportFilenameQuery,
          response: responses(ImportDeleted),
        },
        config: access,
      },
      async (request) => ok(await imports.remove(deps(), callerOf(request), kind, request.query.filename)),
    );

    app.get(
      `${base}/template`,
      {
        schema: {
          tags,
          summary: `A ${what} template: the columns and one example row (CSV by default, or XLSX)`,
          querystring: ImportTemplateQuery,
          response: fileResponses(SPREADSHEET_TYPES),
        },
        config: access,
      },
      async (request, reply) =>
        sendDownload(
          reply,
          await imports.templateFile(app.db, callerOf(request), kind, request.query.format ?? 'csv'),
        ),
    );
  }
};
