import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
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
import { responses } from '../../lib/http';
import { sendKeptData } from '../../lib/keptBody';
import { recordRoutes } from '../../lib/recordRoutes';
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

  recordRoutes(app, {
    stem: '/api/department',
    noun: 'department',
    tags: ['departments'],
    access: 'department',
    record: Department,
    get: { run: (caller, id) => departments.get(app.db, caller, id) },
    create: { body: DepartmentCreateBody, run: (caller, body) => departments.create(app.db, caller, body) },
    update: {
      body: DepartmentUpdateBody,
      run: (caller, body) => departments.update(app.db, caller, body.id, body),
    },
    remove: { run: (caller, id) => departments.remove(app.db, caller, id) },
  });
};
