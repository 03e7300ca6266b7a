import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { IdBody, IdQuery } from '../../../contract/api/common';
import { PersonSessionList, SessionsEnded } from '../../../contract/api/session';
import * as api from '../../../contract/api/users';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { sendKeptData } from '../../lib/keptBody';
import { recordRoutes } from '../../lib/recordRoutes';
import { versionKey } from '../../lib/versions';
import { sessionOf } from '../../plugins/auth';
import * as users from './service';
import { endSessionsOf, listSessionsOf } from './sessions';
import { remove, setStatus } from './status';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mail = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });

  app.get(
    '/api/user/list',
    {
      schema: {
        tags: ['users'],
        summary:
          'Users with a position in the caller’s part of the organisation; `key` names the field `value` searches',
        querystring: api.UserListQuery,
        response: responses(api.UserList),
      },
      config: { access: { module: 'user', can: ['read'] } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // A page depends on the tenant's users, positions, places, roles and profile values only
      // (the people and tree versions); the scope decides which users it holds. Kept serialised
      // and compressed: a page is about 10 KB.
      const versions = versionKey(sessionOf(request).versions, 'people', 'tree');
      const key = `users:${caller.tenantId}:${versions}:${caller.scope.path}:${JSON.stringify(request.query)}`;
      return sendKeptData(app.kept, key, request, reply as FastifyReply, () =>
        users.list(app.db, caller, request.query),
      );
    },
  );

  recordRoutes(app, {
    stem: '/api/user',
    noun: 'person',
    tags: ['users'],
    access: 'user',
    record: api.UserRecord,
    get: { run: (caller, id) => users.get(app.db, caller, id) },
    create: {
      summary: 'Create a user; without a password they are e-mailed a link to choose one',
      body: api.UserCreateBody,
      run: (caller, body) => users.create(app.db, { ...mail(), jobs: app.jobs }, caller, body),
    },
    update: {
      summary: 'Update a user; the password only when one is given, the positions only when `assigns` is',
      body: api.UserUpdateBody,
      run: (caller, body, request) =>
        users.update(app.db, app.jobs, caller, body, sessionOf(request).sessionId),
    },
    remove: { run: (caller, id) => remove(app.db, caller, id) },
  });

  app.put(
    '/api/user/disable',
    {
      schema: {
        tags: ['users'],
        summary: 'Disable an account: its sessions end at once and it cannot sign in',
        body: IdBody,
        response: responses(api.UserRecord),
      },
      config: { access: { module: 'user', can: ['disable'] } },
    },
    async (request) => ok(await setStatus(app.db, app.jobs, callerOf(request), request.body.id, false)),
  );

  app.put(
    '/api/user/enable',
    {
      schema: {
        tags: ['users'],
        summary: 'Let a disabled account sign in again',
        body: IdBody,
        response: responses(api.UserRecord),
      },
      config: { access: { module: 'user', can: ['disable'] } },
    },
    async (request) => ok(await setStatus(app.db, app.jobs, callerOf(request), request.body.id, true)),
  );

  // A person's sessions from their page (issue 47): managed as disabling them is.
  app.get(
    '/api/admin/user/sessions',
    {
      schema: {
        tags: ['users'],
        summary:
          'Where a person is signed in: their sessions that have not expired, the most recently active first',
        querystring: IdQuery,
        response: responses(PersonSessionList),
      },
      config: { access: { module: 'user', can: ['disable'] } },
    },
    async (request) => ok(await listSessionsOf(app.db, callerOf(request), request.query.id)),
  );

  app.delete(
    '/api/admin/user/sessions',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign a person out everywhere: every session of theirs is refused from its next request on',
        querystring: IdQuery,
        response: responses(SessionsEnded),
      },
      config: {
        access: { module: 'user', can: ['disable'] },
        activity: { action: 'user.sessions.end', entity: 'user' },
      },
    },
    async (request) => ok(await endSessionsOf(app.db, callerOf(request), request.query.id)),
  );

  app.post(
    '/api/user/reset-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Send a user a password reset e-mail and require a new password at next sign-in',
        body: IdBody,
        response: responses(
          Type.Object({ id: Type.Integer(), email: Type.String(), force_reset: Type.Boolean() }),
        ),
      },
      config: { access: { module: 'user', can: ['update'] } },
    },
    async (request) => ok(await users.sendPasswordReset(app.db, mail(), callerOf(request), request.body.id)),
  );
};
