import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SPREADSHEET_TYPES } from '../../../contract/api/common';
import { ComplianceExportQuery, ComplianceGrid, ComplianceQuery } from '../../../contract/api/compliance';
import { MyTaskCard, MyTaskCompleteBody } from '../../../contract/api/mytasks';
import { requestLanguage } from '../../i18n';
import { callerOf } from '../../lib/caller';
import { fileResponses, ok, responses, sendDownload } from '../../lib/http';
import type { Access } from '../../plugins/auth';
import * as compliance from './service';

const tags = ['compliance'];
const read: { access: Access } = { access: { module: 'compliance', can: ['read'] } };

/** The compliance grid (issue 12): checks × workspaces, its export, and completing from it. */
export const complianceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/compliance/grid',
    {
      schema: {
        tags,
        summary: 'Compliance checks due in a range (rows) by workspace or by area (columns), with totals',
        querystring: ComplianceQuery,
        response: responses(ComplianceGrid),
      },
      config: read,
    },
    async (request) => ok(await compliance.grid(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/compliance/export',
    {
      schema: {
        tags,
        summary: 'The compliance grid as CSV or XLSX, one line per check',
        querystring: ComplianceExportQuery,
        response: fileResponses(SPREADSHEET_TYPES),
      },
      config: read,
    },
    async (request, reply) => {
      const file = await compliance.exportGrid(
        app.db,
        callerOf(request),
        request.query,
        await requestLanguage(request, app.db),
      );
      return sendDownload(reply, file);
    },
  );

  app.post(
    '/api/compliance/complete',
    {
      schema: {
        tags,
        summary: 'Complete a compliance check of the caller’s own workspace (the My Tasks rules)',
        body: MyTaskCompleteBody,
        response: responses(MyTaskCard),
      },
      // A store's work, kept with who and when in its submissions: not administration.
      config: { access: { module: 'compliance', can: ['complete'] }, activity: false },
    },
    async (request) => ok(await compliance.complete(app.db, app.jobs, callerOf(request), request.body)),
  );
};
