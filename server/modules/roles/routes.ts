import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Role, RoleCreateBody, RoleList, RoleListQuery, RoleUpdateBody } from '../../../contract/api/roles';
import { callerOf, can } from '../../lib/caller';
import { forbidden } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import { recordRoutes } from '../../lib/recordRoutes';
import * as roles from './service';

export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/role/list',
    {
      schema: {
        tags: ['roles'],
        summary: 'Roles of the tenant (role.read, or user.create / user.update for the position editor)',
        querystring: RoleListQuery,
        response: responses(RoleList),
      },
      // The user form's role select asks for this list (spec §9: page 1, 1000 roles), and people who
      // may manage users need it without being allowed to open the role screens.
      config: { access: {} },
    },
    async (request) => {
      const caller = callerOf(request);
      const allowed =
        can(caller, 'role', ['read']) || can(caller, 'user', ['create']) || can(caller, 'user', ['update']);
      if (!allowed) throw forbidden();
      return ok(await roles.list(app.db, caller, request.query));
    },
  );

  recordRoutes(app, {
    stem: '/api/role',
    noun: 'role',
    tags: ['roles'],
    access: 'role',
    record: Role,
    get: { run: (caller, id) => roles.get(app.db, caller, id) },
    create: {
      summary: 'Create a role; it may grant only capabilities the caller’s own role has',
      body: RoleCreateBody,
      run: (caller, body) => roles.create(app.db, caller, body),
    },
    update: { body: RoleUpdateBody, run: (caller, body) => roles.update(app.db, caller, body) },
    remove: {
      summary: 'Delete a role no position holds',
      run: (caller, id) => roles.remove(app.db, caller, id),
    },
  });
};
