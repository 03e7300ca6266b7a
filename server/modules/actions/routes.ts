import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import * as api from '../../../contract/api/actions';
import { IdQuery, SPREADSHEET_TYPES } from '../../../contract/api/common';
import { callerOf } from '../../lib/caller';
import { fileResponses, ok, responses } from '../../lib/http';
import { sendTable } from '../../lib/spreadsheet';
import type { Access } from '../../plugins/auth';
import * as listing from './listing';
import * as actions from './service';

const tags = ['actions'];
const access = (can: 'create' | 'read' | 'update' | 'delete'): { access: Access } => ({
  access: { module: 'action', can: [can] },
});
/**
 * Reading actions is what every step needs: who may take each step (the assignee, the store's
 * team, update here) is the service's to decide, as it depends on the action.
 */
const readers = access('read');

/** Actions (issue 49): problems at stores tracked to closure. */
export const actionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/action/create',
    {
      schema: {
        tags,
        summary:
          'Raise an action at a store of your part of the tree: by hand, from a finished inspection’s failed item (409 ACTION_EXISTS when it has one) or from a task its store could not do or that was sent back',
        body: api.ActionCreateBody,
        response: responses(api.Action),
      },
      config: access('create'),
    },
    async (request) => ok(await actions.createAction(app.db, app.jobs, callerOf(request), request.body)),
  );

  app.get(
    '/api/action/list',
    {
      schema: {
        tags,
        summary: `Actions of your part of the tree, filtered; format=csv or xlsx downloads them (at most ${listing.EXPORT_LIMIT})`,
        querystring: api.ActionListQuery,
        response: fileResponses(SPREADSHEET_TYPES, api.ActionPage),
      },
      config: readers,
    },
    async (request, reply) => {
      const { format = 'json' } = request.query;
      if (format === 'json') return ok(await listing.list(app.db, callerOf(request), request.query));
      const table = await listing.exportTable(app.db, callerOf(request), request.query);
      return sendTable(request, reply, app.db, table, format);
    },
  );

  app.get(
    '/api/action/counts',
    {
      schema: {
        tags,
        summary:
          'The dashboard’s action figures of a node (your own place when no node_id): the list with the same state answers the same total',
        querystring: api.ActionCountsQuery,
        response: responses(api.ActionCounts),
      },
      config: readers,
    },
    async (request) => ok(await listing.counts(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/action/assignees',
    {
      schema: {
        tags,
        summary:
          'Who an action at a store may be assigned to: people there or above it in your scope who read actions',
        querystring: api.ActionAssigneesQuery,
        response: responses(api.ActionAssignees),
      },
      config: readers,
    },
    async (request) => ok(await listing.assignees(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/action/get',
    {
      schema: {
        tags,
        summary: 'An action with its history and what you may do with it',
        querystring: IdQuery,
        response: responses(api.Action),
      },
      config: readers,
    },
    async (request) => ok(await actions.getAction(app.db, callerOf(request), request.query.id)),
  );

  app.put(
    '/api/action/update',
    {
      schema: {
        tags,
        summary: 'Change an action’s title, description, priority, due date or assignee (update on actions)',
        body: api.ActionUpdateBody,
        response: responses(api.Action),
      },
      config: readers,
    },
    async (request) => ok(await actions.update(app.db, app.jobs, callerOf(request), request.body)),
  );

  app.put(
    '/api/action/status',
    {
      schema: {
        tags,
        summary:
          'A step of work by its assignee or store: in progress, done (with a comment or a photo) or cannot fix (with the reason)',
        body: api.ActionStatusBody,
        response: responses(api.Action),
      },
      config: readers,
    },
    async (request) => ok(await actions.setStatus(app.db, app.jobs, callerOf(request), request.body)),
  );

  app.post(
    '/api/action/comment',
    {
      schema: {
        tags,
        summary: 'Comment on an action, with photos',
        body: api.ActionCommentBody,
        response: responses(api.Action),
      },
      config: readers,
    },
    async (request) => ok(await actions.comment(app.db, callerOf(request), request.body)),
  );

  app.put(
    '/api/action/close',
    {
      schema: {
        tags,
        summary: 'Close an action marked done or cannot fix (update on actions)',
        body: api.ActionCloseBody,
        response: responses(api.Action),
      },
      config: readers,
    },
    async (request) => ok(await actions.close(app.db, callerOf(request), request.body)),
  );

  app.put(
    '/api/action/reopen',
    {
      schema: {
        tags,
        summary:
          'Send an action marked done or cannot fix back to open, saying what still needs doing (update on actions)',
        body: api.ActionCloseBody,
        response: responses(api.Action),
      },
      config: readers,
    },
    async (request) => ok(await actions.reopen(app.db, app.jobs, callerOf(request), request.body)),
  );

  app.delete(
    '/api/action/delete',
    {
      schema: {
        tags,
        summary: 'Remove an action of your part of the tree',
        querystring: IdQuery,
        response: responses(Type.Object({ id: Type.Integer() })),
      },
      config: access('delete'),
    },
    async (request) => ok(await actions.removeAction(app.db, callerOf(request), request.query.id)),
  );
};
