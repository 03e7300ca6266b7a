import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityExportQuery,
  ActivityList,
  ActivityListQuery,
  ActivityVerification,
} from '../../../contract/api/activity';
import { SPREADSHEET_TYPES } from '../../../contract/api/common';
import { callerOf } from '../../lib/caller';
import { fileResponses, ok, responses } from '../../lib/http';
import { sendTable } from '../../lib/spreadsheet';
import * as activity from './service';

const tags = ['activity'];

/** The administration log (issue 32): read, export and check; nothing here writes an entry. */
export const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/activity/list',
    {
      schema: {
        tags,
        summary:
          'The administration log, newest first, filtered (activity.read; below the root, your part of the tree)',
        querystring: ActivityListQuery,
        response: responses(ActivityList),
      },
      config: { access: { module: 'activity', can: ['read'] } },
    },
    async (request) => ok(await activity.list(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/activity/export',
    {
      schema: {
        tags,
        summary: `The filtered log as CSV or XLSX, one row per changed field (at most ${activity.EXPORT_LIMIT} entries)`,
        querystring: ActivityExportQuery,
        response: fileResponses(SPREADSHEET_TYPES),
      },
      config: { access: { module: 'activity', can: ['read'] } },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const table = await activity.exportTable(app.db, callerOf(request), filter);
      return sendTable(request, reply, app.db, table, format);
    },
  );

  app.get(
    '/api/activity/verify',
    {
      schema: {
        tags,
        summary: 'Whether the tenant’s chain of entries is whole (no entry edited, removed or inserted)',
        response: responses(ActivityVerification),
      },
      config: { access: { module: 'activity', can: ['read'] } },
    },
    async (request) => ok(await activity.verify(app.db, callerOf(request))),
  );
};
