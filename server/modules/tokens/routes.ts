import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiToken,
  ApiTokenList,
  TokenCreateBody,
  TokenCreated,
  TokenDeleteQuery,
} from '../../../contract/api/tokens';
import { fullName } from '../../../contract/personName';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { type Access, sessionOf } from '../../plugins/auth';
import * as tokens from './service';

const tags = ['tokens'];

/**
 * Managed as the tenant's other settings are (setting.update, as single sign-on), and by a person
 * only: a token cannot make, list or revoke tokens.
 */
const MANAGE: Access = { module: 'setting', can: ['update'], tokens: false };

/** API tokens (issue 46): make one (its secret shown once), list them, revoke one. */
export const tokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/token/create',
    {
      schema: {
        tags,
        summary:
          'Make an API token acting at your position with the scopes given (each granted to your role); the token is in this answer only',
        body: TokenCreateBody,
        response: responses(TokenCreated),
      },
      config: { access: MANAGE },
    },
    async (request) =>
      ok(await tokens.create(app.db, callerOf(request), fullName(sessionOf(request).user), request.body)),
  );

  app.get(
    '/api/token/list',
    {
      schema: {
        tags,
        summary: 'The tenant’s API tokens, newest first, with their scopes and last use (never their secret)',
        response: responses(ApiTokenList),
      },
      config: { access: MANAGE },
    },
    async (request) => ok(await tokens.list(app.db, callerOf(request))),
  );

  app.delete(
    '/api/token/delete',
    {
      schema: {
        tags,
        summary: 'Revoke an API token: refused from its next request on',
        querystring: TokenDeleteQuery,
        response: responses(ApiToken),
      },
      config: { access: MANAGE },
    },
    async (request) => ok(await tokens.revoke(app.db, callerOf(request), request.query.id)),
  );
};
