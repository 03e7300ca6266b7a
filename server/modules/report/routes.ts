import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { SPREADSHEET_TYPES } from '../../../contract/api/common';
import {
  AreaReport,
  CompletionFirstTimeReport,
  DashboardQuery,
  DashboardSummary,
  OverallReport,
  REPORT_NAMES,
  type ReportName,
  ReportQuery,
  StoreReport,
  TeamReport,
  TrendReport,
} from '../../../contract/api/reports';
import { callerOf } from '../../lib/caller';
import { fileResponses, ok, responses } from '../../lib/http';
import { sendTable } from '../../lib/spreadsheet';
import { dashboard, REPORTS } from './service';
import { reportTable } from './tables';

const tags = ['report'];

const ANSWERS: Record<ReportName, TSchema> = {
  overall: OverallReport,
  'completion-first-time': CompletionFirstTimeReport,
  'completion-first-time-trend': TrendReport,
  'state-area-performance': AreaReport,
  'store-area-performance': StoreReport,
  'team-member-performance': TeamReport,
};

/** Spec §2's six reports (issue 13) as JSON, CSV or XLSX, and the dashboard's summary. */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const name of REPORT_NAMES) {
    app.get(
      `/api/report/${name}`,
      {
        schema: {
          tags,
          summary: `The ${name.replaceAll('-', ' ')} report for a range, a node, a type and a department`,
          querystring: ReportQuery,
          response: fileResponses(SPREADSHEET_TYPES, ANSWERS[name]),
        },
        config: { access: { module: 'report', can: ['read'] } },
      },
      async (request, reply) => {
        const data = await REPORTS[name](app.db, callerOf(request), request.query);
        const format = request.query.format ?? 'json';
        if (format === 'json') return ok(data);
        return sendTable(request, reply, app.db, reportTable(name, data, request.query), format);
      },
    );
  }

  app.get(
    '/api/dashboard/summary',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Today, this week against last, what needs attention and the trend for the caller’s scope',
        querystring: DashboardQuery,
        response: responses(DashboardSummary),
      },
      config: { access: { module: 'dashboard', can: ['read'] } },
    },
    async (request) => ok(await dashboard(app.db, callerOf(request), request.query)),
  );
};
