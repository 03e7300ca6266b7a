import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as api from '../../../contract/api/mytasks';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { sendKept } from '../../lib/keptBody';
import { sessionOf } from '../../plugins/auth';
import { renderDay } from './present';
import * as mytasks from './service';

const tags = ['mytasks'];

/** My Tasks (spec §7): the selected position's workspace(s) and what they have to do. */
export const myTaskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const keeping = (request: FastifyRequest): mytasks.Keeping => ({
    kept: app.kept,
    versions: sessionOf(request).versions,
  });
  app.get(
    '/api/user/task/date',
    {
      schema: {
        tags,
        summary: 'The assignments whose window covers a local day, grouped by task type',
        querystring: api.MyTaskDateQuery,
        response: responses(api.MyTaskGroups),
      },
      config: { access: { module: 'mytasks', can: ['read'] } },
    },
    async (request, reply) => {
      const day = await mytasks.dayCards(app.db, callerOf(request), request.query, keeping(request));
      const kept = renderDay(day, (groups) => String(reply.serialize(ok(groups))));
      return sendKept(request, reply as FastifyReply, kept);
    },
  );

  app.get(
    '/api/user/task/urgent',
    {
      schema: {
        tags,
        summary: 'Urgent assignments of the day and overdue ones; status is false until completed',
        querystring: api.MyTaskUrgentQuery,
        response: responses(api.UrgentTasks),
      },
      config: { access: { module: 'mytasks', can: ['read'] } },
    },
    async (request) => ok(await mytasks.urgent(app.db, callerOf(request), request.query, keeping(request))),
  );

  app.get(
    '/api/user/task/search',
    {
      schema: {
        tags,
        summary: 'Assignments whose title matches, from 30 days back to 30 days ahead, grouped by type',
        querystring: api.MyTaskSearchQuery,
        response: responses(api.MyTaskGroups),
      },
      config: { access: { module: 'mytasks', can: ['read'] } },
    },
    async (request) => ok(await mytasks.search(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/user/task/get',
    {
      schema: {
        tags,
        summary: 'A task with its instructions, attachments, this workspace’s assignment and submissions',
        querystring: api.MyTaskGetQuery,
        response: responses(api.MyTaskDetail),
      },
      config: { access: { module: 'mytasks', can: ['read'] } },
    },
    async (request) => ok(await mytasks.get(app.db, callerOf(request), request.query)),
  );

  app.post(
    '/api/user/task/complete',
    {
      schema: {
        tags,
        summary: 'Complete, report as cannot-do, or (communications) acknowledge an assignment',
        body: api.MyTaskCompleteBody,
        response: responses(api.MyTaskCard),
      },
      // A store's work, kept with who and when in its submissions: not administration.
      config: { access: { module: 'mytasks', can: ['complete'] }, activity: false },
    },
    async (request) => ok(await mytasks.complete(app.db, app.jobs, callerOf(request), request.body)),
  );
};
