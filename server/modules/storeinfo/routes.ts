import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdQuery } from '../../../contract/api/common';
import { WorkspaceListQuery, WorkspacePage, WorkspaceRecord } from '../../../contract/api/workspaces';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { getWorkspace, listWorkspaces } from '../workspaces/service';

const tags = ['store info'];

/**
 * Store Info (spec §2, storeinfo.read) reads the same records as the workspace administration,
 * under its own paths: a route declares one module, and a Team Member who may read their store's
 * details must not thereby reach /api/workspace/*, which workspace.read guards.
 */
export const storeInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/storeinfo/list',
    {
      schema: {
        tags,
        summary: 'Workspaces in the caller’s part of the organisation, read-only',
        querystring: WorkspaceListQuery,
        response: responses(WorkspacePage),
      },
      config: { access: { module: 'storeinfo', can: ['read'] } },
    },
    async (request) => ok(await listWorkspaces(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/storeinfo/get',
    {
      schema: {
        tags,
        summary: 'One store’s information by its id',
        querystring: IdQuery,
        response: responses(WorkspaceRecord),
      },
      config: { access: { module: 'storeinfo', can: ['read'] } },
    },
    async (request) => ok(await getWorkspace(app.db, callerOf(request), request.query.id)),
  );
};
