import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as api from '../../../contract/api/audit';
import { IdQuery } from '../../../contract/api/common';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import type { Access } from '../../plugins/auth';
import * as audit from './service';

const tags = ['audit'];
const read: { access: Access } = { access: { module: 'audit', can: ['read'] } };
const update: { access: Access } = { access: { module: 'audit', can: ['update'] } };

/** The audit of completions (issue 12): queues by task and by workspace, one submission, decisions. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/audit/task/list',
    {
      schema: {
        tags,
        summary: 'Tasks with submissions under review in the caller’s scope, longest waiting first',
        querystring: api.AuditQueueQuery,
        response: responses(api.AuditTaskPage),
      },
      config: read,
    },
    async (request) => ok(await audit.taskQueue(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/audit/store/list',
    {
      schema: {
        tags,
        summary: 'Workspaces with submissions under review in the caller’s scope, longest waiting first',
        querystring: api.AuditQueueQuery,
        response: responses(api.AuditStorePage),
      },
      config: read,
    },
    async (request) => ok(await audit.storeQueue(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/audit/submission/list',
    {
      schema: {
        tags,
        summary: 'Submissions of a task and/or a workspace; waiting ones oldest first',
        querystring: api.SubmissionListQuery,
        response: responses(api.AuditSubmissionPage),
      },
      config: read,
    },
    async (request) => ok(await audit.submissions(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/audit/submission/get',
    {
      schema: {
        tags,
        summary: 'A submission with the task’s instructions and every attempt of its assignment',
        querystring: IdQuery,
        response: responses(api.AuditSubmissionDetail),
      },
      config: read,
    },
    async (request) => ok(await audit.getSubmission(app.db, callerOf(request), request.query.id)),
  );

  app.post(
    '/api/audit/approve',
    {
      schema: {
        tags,
        summary: 'Approve waiting submissions (all or none)',
        body: api.ApproveBody,
        response: responses(api.ReviewResult),
      },
      config: update,
    },
    async (request) => ok(await audit.approve(app.db, app.jobs, callerOf(request), request.body)),
  );

  app.post(
    '/api/audit/reject',
    {
      schema: {
        tags,
        summary: 'Send a waiting submission back to its store with a reason',
        body: api.RejectBody,
        response: responses(api.ReviewResult),
      },
      config: update,
    },
    async (request) => ok(await audit.reject(app.db, app.jobs, callerOf(request), request.body)),
  );
};
