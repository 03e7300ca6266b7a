import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { POSITION_HEADER } from '../../contract/constants';
import type { Capability, ModuleId } from '../../contract/modules';
import type { ApiRateLimits } from '../config';
import type { Db } from '../db/client';
import { countTokenRequest } from '../lib/apiRateLimits';
import { can, noActiveWorkspace } from '../lib/caller';
import { forbidden, HttpError, unauthorized } from '../lib/errors';
import type { KeptAnswers } from '../lib/keptAnswers';
import { isScimToken } from '../modules/scim/secret';
import { authenticate, type SessionContext } from '../modules/session/service';
import { authenticateApiToken } from '../modules/tokens/guard';
import { isApiToken } from '../modules/tokens/secret';

/**
 * What a route needs. `public` routes skip the guard. Every other route needs a session and, unless
 * it says `position: 'optional'`, a position at an active node. `module` + `can` name the
 * capabilities of spec §6 the selected position's role must grant.
 */
export type Access =
  | { public: true }
  | {
      public?: false;
      module?: ModuleId;
      can?: Capability[];
      /** Reachable while the user must still replace a forced-reset password. */
      duringReset?: boolean;
      position?: 'required' | 'optional';
      /**
       * `false`: only a person signed in may call it, never an API token (their own session,
       * password, profile and notifications, and the management of tokens itself).
       */
      tokens?: false;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the guard on every route that is not public. */
    sessionContext: SessionContext | undefined;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * The session of a request behind the guard, for the routes about the session itself (verify,
 * logout, the user's own password and profile). Everything done for someone takes `callerOf`.
 */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.sessionContext) throw unauthorized();
  return request.sessionContext;
}

/** A directory's SCIM token is for provisioning only (issue 47): it opens no route of the API. */
export const SCIM_ONLY =
  'This is a SCIM token: it works only at /scim/v2, where the company’s directory provisions people. Use an API token or sign in to call the rest of the API.';

export const PERSON_ONLY =
  'API tokens cannot use this route: it is for a person signed in to Storeline (their own session, password, profile and notifications, and API tokens themselves).';

/**
 * One guard for every route: session → user → tenant → position → permissions → scope. A bearer
 * with the API token prefix is a program's: it acts as its creator at the token's position within
 * its scopes, is counted against its rate limits, and is refused on routes only a person uses.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; kept: KeptAnswers; limits: ApiRateLimits; windowSeconds: number },
  ) => {
    app.decorateRequest('sessionContext', undefined);
    app.decorateRequest('caller', undefined);
    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.access;
      // Routes without a declared access (static files, 404s) are public by construction.
      if (!access || access.public) return;
      const token = bearer(request);
      if (!token) throw unauthorized('Please sign in to continue.');
      if (isScimToken(token)) throw unauthorized(SCIM_ONLY);
      if (isApiToken(token)) {
        const made = await authenticateApiToken(opts.db, token, opts.kept);
        request.sessionContext = made.session;
        request.caller = made.caller;
        await countTokenRequest(opts.db, opts.limits, opts.windowSeconds, request, reply, {
          tenantId: made.session.tenantId,
          id: made.tokenId,
        });
        if (access.tokens === false) throw forbidden(PERSON_ONLY);
        if (access.module && !can(made.caller, access.module, access.can ?? ['read'])) throw forbidden();
        return;
      }
      const header = request.headers[POSITION_HEADER];
      const { session, caller } = await authenticate(
        opts.db,
        token,
        Array.isArray(header) ? header[0] : header,
        opts.kept,
        request.ip,
      );
      request.sessionContext = session;
      request.caller = caller;
      if (session.user.forceReset && !access.duringReset) {
        throw new HttpError(403, 'You must set a new password before continuing.');
      }
      if (access.position !== 'optional' && !caller) throw noActiveWorkspace();
      if (access.module && !(caller && can(caller, access.module, access.can ?? ['read']))) throw forbidden();
    });
  },
);
