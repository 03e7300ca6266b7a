import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  SsoCallbackQuery,
  SsoConfigBody,
  SsoConfigData,
  SsoDiscoverData,
  SsoDiscoverQuery,
  SsoStartQuery,
  SsoTestBody,
  SsoTestData,
} from '../../../contract/api/sso';
import { TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '../../../contract/constants';
import { cookieDomain } from '../../../contract/cookieDomain';
import { callerOf } from '../../lib/caller';
import { ok, redirectResponses, responses } from '../../lib/http';
import { SecretBox } from '../../lib/secretBox';
import { originOf } from '../session/device';
import { getConfig, putConfig, testIssuer } from './service';
import { discoverFor, finishSignIn, LOGIN_TTL_SECONDS, SsoFailure, startSignIn } from './signIn';

/** The browser's half of a sign-in on its way through the provider: "<tenant>.<state>". */
const STATE_COOKIE = 'storeline_sso';
const STATE_COOKIE_PATH = '/api/sso';

export const ssoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(cookie);
  const box = new SecretBox(app.config);
  const { publicUrl } = app.config;
  const secure = publicUrl.startsWith('https:');
  const failed = (reason: string) => `/login?error=${encodeURIComponent(reason)}`;

  app.get(
    '/api/sso/config',
    {
      schema: {
        tags: ['sso'],
        summary: 'The tenant’s single sign-on provider',
        response: responses(SsoConfigData),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok(await getConfig(app.db, box, callerOf(request), publicUrl)),
  );

  app.put(
    '/api/sso/config',
    {
      schema: {
        tags: ['sso'],
        summary: 'Set the tenant’s single sign-on provider; the client secret is kept only when sent',
        body: SsoConfigBody,
        response: responses(SsoConfigData),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok(await putConfig(app.db, box, callerOf(request), publicUrl, request.body)),
  );

  app.post(
    '/api/sso/test',
    {
      schema: {
        tags: ['sso'],
        summary: 'Read the issuer’s discovery document and say what is wrong',
        body: SsoTestBody,
        response: responses(SsoTestData),
      },
      // A read with a body: it fetches the issuer's discovery document and changes nothing.
      config: { access: { module: 'setting', can: ['update'] }, activity: false },
    },
    async (request) => ok(await testIssuer(request.body.issuer)),
  );

  app.get(
    '/api/sso/discover',
    {
      schema: {
        tags: ['sso'],
        summary: 'Whether an address signs in through its organisation’s provider (from its domain alone)',
        querystring: SsoDiscoverQuery,
        response: responses(SsoDiscoverData),
      },
      config: { access: { public: true } },
    },
    async (request) => ok(await discoverFor(app.db, request.query.username)),
  );

  app.get(
    '/api/sso/start',
    {
      schema: {
        tags: ['sso'],
        summary: 'Go to the provider (state, nonce, PKCE S256); failures go back to /login',
        querystring: SsoStartQuery,
        response: redirectResponses('To the provider’s sign-in page, or to /login?error=<reason>'),
      },
      config: { access: { public: true } },
    },
    async (request, reply) => {
      try {
        const started = await startSignIn(app.db, box, publicUrl, request.query.username);
        reply.setCookie(STATE_COOKIE, started.cookie, {
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: LOGIN_TTL_SECONDS,
        });
        return reply.redirect(started.redirect, 302);
      } catch (err) {
        if (!(err instanceof SsoFailure)) throw err;
        request.log.warn({ reason: err.reason, detail: err.message }, 'single sign-on did not start');
        return reply.redirect(failed(err.reason), 302);
      }
    },
  );

  app.get(
    '/api/sso/callback',
    {
      schema: {
        tags: ['sso'],
        summary: 'Where the provider sends the browser back; signs in and goes to /, or back to /login',
        querystring: SsoCallbackQuery,
        response: redirectResponses(
          'Signed in (the token cookie is set): to /; else to /login?error=<reason>',
        ),
      },
      config: { access: { public: true } },
    },
    async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
      const search = request.url.slice(request.url.indexOf('?') + 1);
      try {
        const token = await finishSignIn(
          app.db,
          box,
          publicUrl,
          {
            cookie: request.cookies[STATE_COOKIE],
            search: request.url.includes('?') ? search : '',
            origin: originOf(request),
          },
          request.log,
        );
        // The same cookie a password sign-in sets in the browser (spec §9), readable by the web app.
        reply.setCookie(TOKEN_COOKIE, token, {
          path: '/',
          sameSite: 'lax',
          secure,
          maxAge: TOKEN_COOKIE_DAYS * 86_400,
          domain: cookieDomain(new URL(publicUrl).hostname),
        });
        return reply.redirect('/', 302);
      } catch (err) {
        if (!(err instanceof SsoFailure)) throw err;
        request.log.warn({ reason: err.reason, detail: err.message }, 'single sign-on refused');
        return reply.redirect(failed(err.reason), 302);
      }
    },
  );
};
