import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RedirectData } from '../../../contract/api/common';
import {
  LoginBody,
  LoginData,
  OwnSessionList,
  PasswordForgotBody,
  PasswordResetBody,
  PasswordResetData,
  SessionRevokeQuery,
  SessionsEnded,
  VerifyData,
} from '../../../contract/api/session';
import { firstSpoken } from '../../../contract/languages';
import { acceptedLanguages } from '../../i18n';
import { callerOf } from '../../lib/caller';
import { HttpError } from '../../lib/errors';
import { alsoAnswers, ok, responses } from '../../lib/http';
import { keptBody, sendKept } from '../../lib/keptBody';
import { versionKey } from '../../lib/versions';
import { sessionOf } from '../../plugins/auth';
import { SignInAttempts } from './attempts';
import { originOf } from './device';
import { recordSignIn } from './events';
import { forgotPassword, resetPassword } from './passwords';
import { login, logout } from './service';
import { listOwnSessions, revokeOwnSessions } from './sessions';
import { verifyBody } from './verify';

const tooMany = (_req: unknown, context: { after: string }) =>
  new HttpError(429, `Too many attempts. Please wait ${context.after} and try again.`);

/** Above this, verify's answer (mostly the tree) is rebuilt per call rather than kept per person. */
const MAX_KEPT_VERIFY_CHARS = 256 * 1024;

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = app.config.loginRateLimit;
  // Sign-in counts failures (per address, and per username from an address) here: a correct
  // sign-in never counts against its address. Forgot-password and reset count every request per
  // address with the plugin's limit, which runs as a hook; forgot-password per username here too.
  const attempts = new SignInAttempts(app.database.db, limits);
  const usernameOf = (request: FastifyRequest) => (request.body as { username?: unknown }).username;
  const loginAttempt = async (request: FastifyRequest) =>
    attempts.attempt('login', usernameOf(request), request.ip);
  const forgotAttempt = async (request: FastifyRequest) =>
    attempts.attempt('forgot', usernameOf(request), request.ip);
  /** Forgot-password and reset: anyone may call them, so many times a minute from one address. */
  const publicPerAddress = () => ({
    access: { public: true } as const,
    rateLimit: { max: limits.perIpPerMinute, timeWindow: '1 minute', errorResponseBuilder: tooMany },
  });

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in; 307 means the user must set a new password first',
        body: LoginBody,
        // A disabled account or tenant is a 403, too many failed attempts a 429.
        response: { ...responses(LoginData, { 307: LoginData }), ...alsoAnswers(403, 429) },
      },
      // Public: the session module logs its own sign-in events (events.ts).
      config: { access: { public: true }, activity: false },
      preHandler: loginAttempt,
      // A refused sign-in (wrong password, disabled account, too many attempts) is logged before
      // the answer leaves; a guess at an unknown username is logged nowhere.
      onSend: async (request, reply, payload) => {
        const status = reply.statusCode;
        if (status === 400 || status === 403 || status === 429)
          await recordSignIn(
            app.db,
            status === 429 ? 'session.login.lockout' : 'session.login.failure',
            (request.body ?? {}) as { username?: unknown; tenant?: unknown },
            request.ip,
          );
        return payload;
      },
    },
    async (request, reply) => {
      const result = await login(app.db, request.body, originOf(request));
      await attempts.succeeded('login', request.body.username, request.ip);
      await recordSignIn(app.db, 'session.login', request.body, request.ip);
      return reply.code(result.status).send({ status: result.status, data: result.data });
    },
  );

  app.post(
    '/api/logout',
    {
      schema: { tags: ['session'], summary: 'Sign out: end this session', response: responses(RedirectData) },
      config: {
        access: { duringReset: true, position: 'optional', tokens: false },
        activity: { action: 'session.logout', entity: 'user' },
      },
    },
    async (request) => ok(await logout(app.db, sessionOf(request))),
  );

  /*
   * A person's own sessions (issue 47). Without a position (someone whose last position went can
   * still see and end them), never for an API token, and not during a forced reset: the new
   * password ends every other session anyway, and until it is set the session may only set it.
   */
  const ownSessions = { duringReset: false, position: 'optional', tokens: false } as const;

  app.get(
    '/api/session/list',
    {
      schema: {
        tags: ['session'],
        summary:
          'Where you are signed in: your sessions that have not expired, the most recently active first; `current` is this one',
        response: responses(OwnSessionList),
      },
      config: { access: ownSessions },
    },
    async (request) => ok(await listOwnSessions(app.db, sessionOf(request))),
  );

  app.delete(
    '/api/session/revoke',
    {
      schema: {
        tags: ['session'],
        summary:
          'Sign out one of your sessions (`id`; this one signs you out) or every other one (`others=true`); refused from its next request on',
        querystring: SessionRevokeQuery,
        response: responses(SessionsEnded),
      },
      config: { access: ownSessions, activity: { action: 'session.revoke', entity: 'user' } },
    },
    async (request) => ok(await revokeOwnSessions(app.db, sessionOf(request), request.query)),
  );

  app.get(
    '/api/user/verify',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user, positions, visible hierarchy, permissions, terms, settings and theme',
        response: responses(VerifyData),
      },
      config: { access: { duringReset: true, tokens: false } },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const caller = callerOf(request);
      // The answer stays the same until this person (their row, positions, profile), what
      // everyone reads of the tenant (access), its places or its settings change.
      const kept = await app.kept.get(
        `verify:${session.tenantId}:${session.userId}:${caller.positionId}:${session.versions.user}.${versionKey(session.versions, 'access', 'settings', 'tree')}`,
        async () =>
          keptBody(await verifyBody(app.db, session, caller, (payload) => String(reply.serialize(payload)))),
        // Not per person at the top of a big tree: there it is megabytes, its tree already cached.
        (kept) => kept.body.length <= MAX_KEPT_VERIFY_CHARS,
      );
      return sendKept(request, reply as FastifyReply, kept);
    },
  );

  app.post(
    '/api/passwordforgot',
    {
      schema: {
        tags: ['session'],
        summary: 'Mail a password reset link (the same answer whether or not the account exists)',
        body: PasswordForgotBody,
        response: responses(RedirectData),
      },
      config: publicPerAddress(),
      preHandler: forgotAttempt,
    },
    async (request) =>
      ok(
        await forgotPassword(
          app.db,
          app.jobs,
          request.body,
          // Nobody is signed in: the browser's language for someone who has not chosen one.
          firstSpoken(acceptedLanguages(request.headers['accept-language'])),
        ),
      ),
  );

  app.post(
    '/api/passwordreset',
    {
      schema: {
        tags: ['session'],
        summary: 'Set a new password with the single-use link’s token',
        body: PasswordResetBody,
        response: responses(PasswordResetData),
      },
      config: publicPerAddress(),
    },
    async (request) => ok(await resetPassword(app.db, request.body)),
  );
};
