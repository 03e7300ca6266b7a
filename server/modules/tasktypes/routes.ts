import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { recordRoutes } from '../../lib/recordRoutes';
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

  recordRoutes(app, {
    stem: '/api/task/types',
    noun: 'task type',
    tags,
    access: EDIT,
    record: TaskType,
    create: {
      body: TaskTypeCreateBody,
      run: (caller, body) => taskTypes.create(app.db, caller.tenantId, body),
    },
    update: {
      body: TaskTypeUpdateBody,
      run: (caller, body) => taskTypes.update(app.db, caller.tenantId, body.id, body),
    },
    remove: {
      summary: 'Delete a task type no task uses (409 while one does)',
      run: (caller, id) => taskTypes.remove(app.db, caller.tenantId, id),
    },
  });

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
};
