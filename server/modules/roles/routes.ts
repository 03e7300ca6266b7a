import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdQuery } from '../../../contract/api/common';
import { Role, RoleCreateBody, RoleList, RoleListQuery, RoleUpdateBody } from '../../../contract/api/roles';
import { callerOf, can } from '../../lib/caller';
import { forbidden } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
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

  app.get(
    '/api/role/get',
    {
      schema: { tags: ['roles'], querystring: IdQuery, response: responses(Role) },
      config: { access: { module: 'role', can: ['read'] } },
    },
    async (request) => ok(await roles.get(app.db, callerOf(request), request.query.id)),
  );

  app.post(
    '/api/role/create',
    {
      schema: {
        tags: ['roles'],
        summary: 'Create a role; it may grant only capabilities the caller’s own role has',
        body: RoleCreateBody,
        response: responses(Role),
      },
      config: { access: { module: 'role', can: ['create'] } },
    },
    async (request) => ok(await roles.create(app.db, callerOf(request), request.body)),
  );

  app.put(
    '/api/role/update',
    {
      schema: { tags: ['roles'], body: RoleUpdateBody, response: responses(Role) },
      config: { access: { module: 'role', can: ['update'] } },
    },
    async (request) => ok(await roles.update(app.db, callerOf(request), request.body)),
  );

  app.delete(
    '/api/role/delete',
    {
      schema: {
        tags: ['roles'],
        summary: 'Delete a role no position holds',
        querystring: IdQuery,
        response: responses(Type.Object({ id: Type.Integer() })),
      },
      config: { access: { module: 'role', can: ['delete'] } },
    },
    async (request) => ok(await roles.remove(app.db, callerOf(request), request.query.id)),
  );
};
