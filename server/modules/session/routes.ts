import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { RedirectData } from '../../../contract/api/common';
import {
  LoginBody,
  LoginData,
  PasswordForgotBody,
  PasswordResetBody,
  PasswordResetData,
  VerifyData,
} from '../../../contract/api/session';
import { callerOf } from '../../lib/caller';
import { HttpError } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import { sessionOf } from '../../plugins/auth';
import { forgotPassword, resetPassword } from './passwords';
import { login, logout } from './service';
import { verify } from './verify';

const tooMany = (_req: unknown, context: { after: string }) =>
  new HttpError(429, `Too many attempts. Please wait ${context.after} and try again.`);

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = app.config.loginRateLimit;
  // One limiter per request is all the plugin's hooks run, so the per-username one is checked by hand.
  const usernameLimit = app.createRateLimit({
    max: limits.perUsernamePer15Minutes,
    timeWindow: '15 minutes',
    keyGenerator: (request) => {
      const body = request.body as { username?: unknown } | undefined;
      return `user:${typeof body?.username === 'string' ? body.username.trim().toLowerCase() : ''}`;
    },
  });
  const perUsername = async (request: FastifyRequest) => {
    const limit = await usernameLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
      throw new HttpError(
        429,
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      );
    }
  };

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in; 307 means the user must set a new password first',
        body: LoginBody,
        response: responses(LoginData, { 307: LoginData }),
      },
      config: {
        access: { public: true },
        rateLimit: { max: limits.perIpPerMinute, timeWindow: '1 minute', errorResponseBuilder: tooMany },
      },
      preHandler: perUsername,
    },
    async (request, reply) => {
      const result = await login(app.db, request.body);
      return reply.code(result.status).send({ status: result.status, data: result.data });
    },
  );

  app.post(
    '/api/logout',
    {
      schema: { tags: ['session'], response: responses(RedirectData) },
      config: { access: { duringReset: true, position: 'optional' } },
    },
    async (request) => ok(await logout(app.db, sessionOf(request))),
  );

  app.get(
    '/api/user/verify',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user, positions, visible hierarchy, permissions, terms, settings and theme',
        response: responses(VerifyData),
      },
      config: { access: { duringReset: true } },
    },
    async (request) => ok(await verify(app.db, sessionOf(request), callerOf(request))),
  );

  app.post(
    '/api/passwordforgot',
    {
      schema: { tags: ['session'], body: PasswordForgotBody, response: responses(RedirectData) },
      config: {
        access: { public: true },
        rateLimit: { max: limits.perIpPerMinute, timeWindow: '1 minute', errorResponseBuilder: tooMany },
      },
      preHandler: perUsername,
    },
    async (request) => ok(await forgotPassword(app.db, app.mailer, app.config.publicUrl, request.body)),
  );

  app.post(
    '/api/passwordreset',
    {
      schema: { tags: ['session'], body: PasswordResetBody, response: responses(PasswordResetData) },
      config: {
        access: { public: true },
        rateLimit: { max: limits.perIpPerMinute, timeWindow: '1 minute', errorResponseBuilder: tooMany },
      },
    },
    async (request) => ok(await resetPassword(app.db, request.body)),
  );
};
