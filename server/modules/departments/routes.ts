import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdQuery } from '../../../contract/api/common';
import {
  Department,
  DepartmentCreateBody,
  DepartmentList,
  DepartmentListQuery,
  DepartmentUpdateBody,
} from '../../../contract/api/departments';
import { hasCapabilities, type ModuleId } from '../../../contract/modules';
import { forbidden } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import { authOf, scopedAuthOf } from '../../plugins/auth';
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
    async (request) => {
      const auth = scopedAuthOf(request);
      if (!READERS.some((m) => hasCapabilities(auth.permissions, m, ['read']))) throw forbidden();
      return ok(await departments.list(app.db, auth.tenant.id, request.query));
    },
  );

  app.get(
    '/api/department/get',
    {
      schema: { tags: ['departments'], querystring: IdQuery, response: responses(Department) },
      config: { access: { module: 'department', can: ['read'] } },
    },
    async (request) => ok(await departments.get(app.db, authOf(request).tenant.id, request.query.id)),
  );

  app.post(
    '/api/department/create',
    {
      schema: { tags: ['departments'], body: DepartmentCreateBody, response: responses(Department) },
      config: { access: { module: 'department', can: ['create'] } },
    },
    async (request) => ok(await departments.create(app.db, authOf(request).tenant.id, request.body)),
  );

  app.put(
    '/api/department/update',
    {
      schema: { tags: ['departments'], body: DepartmentUpdateBody, response: responses(Department) },
      config: { access: { module: 'department', can: ['update'] } },
    },
    async (request) =>
      ok(await departments.update(app.db, authOf(request).tenant.id, request.body.id, request.body)),
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
    async (request) => ok(await departments.remove(app.db, authOf(request).tenant.id, request.query.id)),
  );
};
