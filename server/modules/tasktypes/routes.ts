import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdQuery } from '../../../contract/api/common';
import {
  TaskType,
  TaskTypeCreateBody,
  TaskTypeList,
  TaskTypeReorderBody,
  TaskTypeUpdateBody,
} from '../../../contract/api/tasks';
import { callerOf } from '../../lib/caller';
import { forbidden } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import type { Access } from '../../plugins/auth';
import * as taskTypes from './service';

const tags = ['task types'];
/** Task types are part of the tenant's settings (Settings screen): changing them needs setting.update. */
const EDIT: Access = { module: 'setting', can: ['update'] };

export const taskTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/task/types/list',
    {
      schema: {
        tags,
        summary: 'The tenant’s task types in sort order (every signed-in user of a customer tenant)',
        response: responses(TaskTypeList),
      },
      config: { access: {} },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.isAdminTenant) throw forbidden();
      return ok(await taskTypes.list(app.db, caller.tenantId));
    },
  );

  app.post(
    '/api/task/types/create',
    {
      schema: { tags, body: TaskTypeCreateBody, response: responses(TaskType) },
      config: { access: EDIT },
    },
    async (request) => ok(await taskTypes.create(app.db, callerOf(request).tenantId, request.body)),
  );

  app.put(
    '/api/task/types/update',
    {
      schema: { tags, body: TaskTypeUpdateBody, response: responses(TaskType) },
      config: { access: EDIT },
    },
    async (request) =>
      ok(await taskTypes.update(app.db, callerOf(request).tenantId, request.body.id, request.body)),
  );

  app.put(
    '/api/task/types/reorder',
    {
      schema: {
        tags,
        summary: 'Put every task type in a new order (ids in the wanted order)',
        body: TaskTypeReorderBody,
        response: responses(TaskTypeList),
      },
      config: { access: EDIT },
    },
    async (request) => ok(await taskTypes.reorder(app.db, callerOf(request).tenantId, request.body)),
  );

  app.delete(
    '/api/task/types/delete',
    {
      schema: {
        tags,
        summary: 'Delete a task type no task uses (409 while one does)',
        querystring: IdQuery,
        response: responses(Type.Object({ id: Type.Integer() })),
      },
      config: { access: EDIT },
    },
    async (request) => ok(await taskTypes.remove(app.db, callerOf(request).tenantId, request.query.id)),
  );
};
