import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdBody, IdQuery } from '../../../contract/api/common';
import {
  Webhook,
  WebhookCreateBody,
  WebhookCreated,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookRedeliverBody,
  WebhookUpdateBody,
} from '../../../contract/api/webhooks';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { allowListOf, systemLookup } from '../../lib/publicAddress';
import { SecretBox } from '../../lib/secretBox';
import { create, deliveries, list, redeliver, remove, update, type WebhookDeps } from './service';

const tags = ['webhooks'];

/** Every route is for those who manage the organisation's settings, as single sign-on is. */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: WebhookDeps = {
    box: new SecretBox(app.config),
    jobs: app.jobs,
    lookup: app.config.webhookLookup ?? systemLookup,
    allowed: allowListOf(app.config.webhookAllowPrivateHosts),
  };

  app.get(
    '/api/webhook/list',
    {
      schema: { tags, summary: 'The organisation’s webhook subscriptions', response: responses(WebhookList) },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok({ data: await list(app.db, callerOf(request)) }),
  );

  app.post(
    '/api/webhook/create',
    {
      schema: {
        tags,
        summary: 'Subscribe an https address to events; the signing secret is in this answer only',
        body: WebhookCreateBody,
        response: responses(WebhookCreated),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok(await create(app.db, deps, callerOf(request), request.body)),
  );

  app.put(
    '/api/webhook/update',
    {
      schema: {
        tags,
        summary: 'Change a subscription’s address or events, or switch it off or on again',
        body: WebhookUpdateBody,
        response: responses(Webhook),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok(await update(app.db, deps, callerOf(request), request.body)),
  );

  app.delete(
    '/api/webhook/delete',
    {
      schema: {
        tags,
        summary: 'Delete a subscription with its delivery log',
        querystring: IdQuery,
        response: responses(IdBody),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok(await remove(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/webhook/deliveries',
    {
      schema: {
        tags,
        summary: 'A subscription’s delivery log, newest first',
        querystring: WebhookDeliveriesQuery,
        response: responses(WebhookDeliveryList),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok({ data: await deliveries(app.db, callerOf(request), request.query) }),
  );

  app.post(
    '/api/webhook/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a delivery’s event again, after the subscription’s waiting deliveries',
        body: WebhookRedeliverBody,
        response: responses(WebhookDelivery),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok(await redeliver(app.db, deps, callerOf(request), request.body.delivery_id)),
  );
};
