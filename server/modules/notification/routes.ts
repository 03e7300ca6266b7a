import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  NotificationCount,
  NotificationListQuery,
  NotificationPage,
  NotificationPreferences,
  NotificationPreferencesBody,
  NotificationReadBody,
  NotificationReadResult,
} from '../../../contract/api/notifications';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import type { Access } from '../../plugins/auth';
import { sessionOf } from '../../plugins/auth';
import { deliver } from './deliver';
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
/** Every signed-in person has notices, with or without a position at an active store. */
const signedIn: Access = { position: 'optional' };

const readerOf = (request: FastifyRequest): Reader => {
  const session = sessionOf(request);
  return { tenantId: session.tenantId, userId: session.userId };
};

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.jobs.work('notifications.send', async (job) => {
    await deliver(app.db, job, { mailer: app.mailer, publicUrl: app.config.publicUrl });
  });

  app.get(
    '/api/notification/list',
    {
      schema: {
        tags,
        summary: 'The caller’s notifications in the app, newest first (page, per_page, unread)',
        querystring: NotificationListQuery,
        response: responses(NotificationPage),
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
        response: responses(NotificationCount),
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
        body: NotificationReadBody,
        response: responses(NotificationReadResult),
      },
      // A person's own inbox, not administration: the administration log leaves it out.
      config: { access: signedIn, activity: false },
    },
    async (request) => ok(await read(app.db, readerOf(request), request.body)),
  );

  app.get(
    '/api/notification/preferences',
    {
      schema: {
        tags,
        summary: 'Which events the caller is told of on which channel (their choice, else the default)',
        response: responses(NotificationPreferences),
      },
      config: { access: signedIn },
    },
    async (request) => ok(await preferences(app.db, readerOf(request))),
  );

  app.put(
    '/api/notification/preferences',
    {
      schema: {
        tags,
        summary: 'Change some of the caller’s choices (event, channel, enabled); answers them all',
        body: NotificationPreferencesBody,
        response: responses(NotificationPreferences),
      },
      // A person's own choices, not administration: the administration log leaves them out.
      config: { access: signedIn, activity: false },
    },
    async (request) => ok(await updatePreferences(app.db, readerOf(request), request.body)),
  );

  app.get(
    '/api/notification/defaults',
    {
      schema: {
        tags,
        summary: 'What the tenant’s people are told, and how, until they choose themselves',
        response: responses(NotificationPreferences),
      },
      config: { access: { module: 'setting', can: ['read'] } },
    },
    async (request) => ok(await tenantDefaults(app.db, callerOf(request).tenantId)),
  );

  app.put(
    '/api/notification/defaults',
    {
      schema: {
        tags,
        summary: 'Change some of the tenant’s defaults (event, channel, enabled); answers them all',
        body: NotificationPreferencesBody,
        response: responses(NotificationPreferences),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok(await updateTenantDefaults(app.db, callerOf(request).tenantId, request.body)),
  );
};
