import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdBody } from '../../../contract/api/common';
import {
  WorkspaceCreateBody,
  WorkspaceListQuery,
  WorkspacePage,
  WorkspaceRecord,
  WorkspaceSummary,
  WorkspaceUpdateBody,
} from '../../../contract/api/workspaces';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { recordRoutes } from '../../lib/recordRoutes';
import {
  createWorkspace,
  getWorkspace,
  listWorkspaces,
  setWorkspaceStatus,
  updateWorkspace,
  workspaceSummary,
} from './service';

const tags = ['workspaces'];

/** Workspace administration in the design §3 style; nodes are made and moved by the hierarchy service. */
export const workspaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/workspace/list',
    {
      schema: {
        tags,
        summary: 'Workspaces in the caller’s part of the organisation, searched, filtered and paged',
        querystring: WorkspaceListQuery,
        response: responses(WorkspacePage),
      },
      config: { access: { module: 'workspace', can: ['read'] } },
    },
    async (request) => ok(await listWorkspaces(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/workspace/summary',
    {
      schema: {
        tags,
        summary: 'Active and inactive workspaces of the tenant against its max_active_workspace',
        response: responses(WorkspaceSummary),
      },
      config: { access: { module: 'workspace', can: ['read'] } },
    },
    async (request) => ok(await workspaceSummary(app.db, callerOf(request))),
  );

  recordRoutes(app, {
    stem: '/api/workspace',
    noun: 'workspace',
    tags,
    access: 'workspace',
    record: WorkspaceRecord,
    get: { run: (caller, id) => getWorkspace(app.db, caller, id) },
    create: {
      body: WorkspaceCreateBody,
      run: (caller, body) => createWorkspace(app.db, app.jobs, caller, body),
    },
    update: {
      body: WorkspaceUpdateBody,
      run: (caller, body) => updateWorkspace(app.db, app.jobs, caller, body),
    },
  });

  for (const [verb, status] of [
    ['activate', 'active'],
    ['deactivate', 'inactive'],
  ] as const) {
    app.put(
      `/api/workspace/${verb}`,
      {
        schema: {
          tags,
          summary:
            status === 'active'
              ? 'Activate a workspace (refused with 409 past the tenant’s max_active_workspace)'
              : 'Deactivate a workspace: its people can no longer work in it',
          body: IdBody,
          response: responses(WorkspaceRecord),
        },
        config: { access: { module: 'workspace', can: ['update'] } },
      },
      async (request) =>
        ok(await setWorkspaceStatus(app.db, app.jobs, callerOf(request), request.body.id, status)),
    );
  }
};
