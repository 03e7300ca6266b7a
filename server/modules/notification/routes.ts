import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as api from '../../../contract/api/notifications';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import type { Access } from '../../plugins/auth';
import { sessionOf } from '../../plugins/auth';
import { vapidKeysOf } from './channels';
import { loadDelays, saveDelays } from './escalation';
import { subscribe, unsubscribe } from './push';
import { checkPushEndpoint } from './pushEndpoint';
import {
  count,
  list,
  preferences,
  type Reader,
  read,
  tenantDefaults,
  updatePreferences,
  updateTenantDefaults,
} from './service';

const tags = ['notification'];
/**
 * Every signed-in person has notices, with or without a position at an active store. They are the
 * person's own: an API token acting for them reads none of them.
 */
const signedIn: Access = { position: 'optional', tokens: false };

const readerOf = (request: FastifyRequest): Reader => {
  const session = sessionOf(request);
  return { tenantId: session.tenantId, userId: session.userId };
};

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The installation's VAPID pair is made at the first start.
  const keys = () => vapidKeysOf(app.database);
  app.addHook('onReady', async () => {
    await keys();
  });

  app.get(
    '/api/notification/list',
    {
      schema: {
        tags,
        summary: 'The caller’s notifications in the app, newest first (page, per_page, unread)',
        querystring: api.NotificationListQuery,
        response: responses(api.NotificationPage),
      },
      config: { access: signedIn },
    },
    async (request) => ok(await list(app.db, readerOf(request), request.query)),
  );

  app.get(
    '/api/notification/count',
    {
      schema: {
        tags,
        summary: 'How many of the caller’s notifications are unread',
        response: responses(api.NotificationCount),
      },
      config: { access: signedIn },
    },
    async (request) => ok(await count(app.db, readerOf(request))),
  );

  app.post(
    '/api/notification/read',
    {
      schema: {
        tags,
        summary:
          'Mark notifications read: `{ids}` (all the caller’s own, or none is marked) or `{all: true}`',
        body: api.NotificationReadBody,
        response: responses(api.NotificationReadResult),
      },
      // A person's own inbox, not administration: the administration log leaves it out.
      config: { access: signedIn, activity: false },
    },
    async (request) => ok(await read(app.db, readerOf(request), request.body)),
  );

  /**
   * A set of notification switches at one path: GET answers them all, PUT changes some (event,
   * channel, enabled) and answers them all. A person's own choices and the tenant's defaults.
   */
  const choiceRoutes = (
    url: string,
    read: {
      summary: string;
      access: Access;
      run: (request: FastifyRequest) => Promise<api.NotificationPreferences>;
    },
    change: {
      summary: string;
      access: Access;
      /** A person's own choices are not administration: the administration log leaves them out. */
      activity?: false;
      run: (
        request: FastifyRequest,
        body: api.NotificationPreferencesBody,
      ) => Promise<api.NotificationPreferences>;
    },
  ) => {
    app.get(
      url,
      {
        schema: { tags, summary: read.summary, response: responses(api.NotificationPreferences) },
        config: { access: read.access },
      },
      async (request) => ok(await read.run(request)),
    );
    app.put(
      url,
      {
        schema: {
          tags,
          summary: change.summary,
          body: api.NotificationPreferencesBody,
          response: responses(api.NotificationPreferences),
        },
        config: { access: change.access, activity: change.activity },
      },
      async (request) => ok(await change.run(request, request.body)),
    );
  };

  choiceRoutes(
    '/api/notification/preferences',
    {
      summary: 'Which events the caller is told of on which channel (their choice, else the default)',
      access: signedIn,
      run: (request) => preferences(app.db, readerOf(request)),
    },
    {
      summary: 'Change some of the caller’s choices (event, channel, enabled); answers them all',
      access: signedIn,
      activity: false,
      run: (request, body) => updatePreferences(app.db, readerOf(request), body),
    },
  );

  choiceRoutes(
    '/api/notification/defaults',
    {
      summary: 'What the tenant’s people are told, and how, until they choose themselves',
      access: { module: 'setting', can: ['read'] },
      run: (request) => tenantDefaults(app.db, callerOf(request).tenantId),
    },
    {
      summary: 'Change some of the tenant’s defaults (event, channel, enabled); answers them all',
      access: { module: 'setting', can: ['update'] },
      run: (request, body) => updateTenantDefaults(app.db, callerOf(request).tenantId, body),
    },
  );

  app.get(
    '/api/notification/push/key',
    {
      schema: {
        tags,
        summary: 'The server’s VAPID public key: the applicationServerKey a browser subscribes with',
        response: responses(api.PushKey),
      },
      config: { access: signedIn },
    },
    async () => ok({ public_key: (await keys()).publicKey }),
  );

  app.post(
    '/api/notification/push/subscribe',
    {
      schema: {
        tags,
        summary:
          'This browser receives the caller’s web pushes: its PushSubscription (endpoint and keys). The endpoint must be a push service the server trusts (PUSH_ALLOWED_ORIGINS).',
        body: api.PushSubscribeBody,
        response: responses(api.PushSubscribeResult),
      },
      config: { access: signedIn, activity: false },
    },
    async (request) => {
      checkPushEndpoint(request.body.endpoint, app.config.pushAllowedOrigins);
      const reader = readerOf(request);
      await subscribe(app.db, reader.tenantId, reader.userId, request.body);
      return ok({ subscribed: true });
    },
  );

  app.post(
    '/api/notification/push/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'This browser no longer receives the caller’s web pushes (answers subscribed: false either way)',
        body: api.PushUnsubscribeBody,
        response: responses(api.PushSubscribeResult),
      },
      config: { access: signedIn, activity: false },
    },
    async (request) => {
      const reader = readerOf(request);
      await unsubscribe(app.db, reader.tenantId, reader.userId, request.body.endpoint);
      return ok({ subscribed: false });
    },
  );

  app.get(
    '/api/notification/escalation',
    {
      schema: {
        tags,
        summary:
          'How many hours after its due time undone urgent work goes to the reviewers, then one level up',
        response: responses(api.EscalationDelays),
      },
      config: { access: { module: 'setting', can: ['read'] } },
    },
    async (request) => ok(await loadDelays(app.db, callerOf(request).tenantId)),
  );

  app.put(
    '/api/notification/escalation',
    {
      schema: {
        tags,
        summary: 'Change the escalation delays (hours; the second after the first)',
        body: api.EscalationDelays,
        response: responses(api.EscalationDelays),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => {
      const { tenantId } = callerOf(request);
      await saveDelays(app.db, tenantId, request.body);
      return ok(await loadDelays(app.db, tenantId));
    },
  );
};
