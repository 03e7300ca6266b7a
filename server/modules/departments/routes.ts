import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { IdQuery } from '../../../contract/api/common';
import {
  Department,
  DepartmentCreateBody,
  DepartmentList,
  DepartmentListQuery,
  DepartmentUpdateBody,
} from '../../../contract/api/departments';
import type { ModuleId } from '../../../contract/modules';
import { callerOf, can } from '../../lib/caller';
import { forbidden } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import { sendKeptData } from '../../lib/keptBody';
import { versionKey } from '../../lib/versions';
import { sessionOf } from '../../plugins/auth';
import * as departments from './service';

/**
 * Departments label tasks, so the task screens need the list too (spec §7 lists
 * GET /api/department/list among the task calls): reading it needs department.read or read on
 * any module that shows tasks.
 */
const READERS: readonly ModuleId[] = [
  'department',
  'mytasks',
  'taskmanagement',
  'compliance',
  'audit',
  'report',
];

export const departmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/department/list',
    {
      schema: {
        tags: ['departments'],
        summary: 'Departments of the tenant (department.read, or read on a module that shows tasks)',
        querystring: DepartmentListQuery,
        response: responses(DepartmentList),
      },
      config: { access: {} },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!READERS.some((m) => can(caller, m, ['read']))) throw forbidden();
      // Every task screen asks for it; it changes only with the settings version.
      const key = `departments:${caller.tenantId}:${versionKey(sessionOf(request).versions, 'settings')}:${JSON.stringify(request.query)}`;
      return sendKeptData(app.kept, key, request, reply as FastifyReply, () =>
        departments.list(app.db, caller, request.query),
      );
    },
  );

  app.get(
    '/api/department/get',
    {
      schema: { tags: ['departments'], querystring: IdQuery, response: responses(Department) },
      config: { access: { module: 'department', can: ['read'] } },
    },
    async (request) => ok(await departments.get(app.db, callerOf(request), request.query.id)),
  );

  app.post(
    '/api/department/create',
    {
      schema: { tags: ['departments'], body: DepartmentCreateBody, response: responses(Department) },
      config: { access: { module: 'department', can: ['create'] } },
    },
    async (request) => ok(await departments.create(app.db, callerOf(request), request.body)),
  );

  app.put(
    '/api/department/update',
    {
      schema: { tags: ['departments'], body: DepartmentUpdateBody, response: responses(Department) },
      config: { access: { module: 'department', can: ['update'] } },
    },
    async (request) => ok(await departments.update(app.db, callerOf(request), request.body.id, request.body)),
  );

  app.delete(
    '/api/department/delete',
    {
      schema: {
        tags: ['departments'],
        querystring: IdQuery,
        response: responses(Type.Object({ id: Type.Integer() })),
      },
      config: { access: { module: 'department', can: ['delete'] } },
    },
    async (request) => ok(await departments.remove(app.db, callerOf(request), request.query.id)),
  );
};
