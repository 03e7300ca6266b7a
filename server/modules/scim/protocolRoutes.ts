import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActivityEntity } from '../../../contract/api/activity';

import { type ActivityInput, withActivity } from '../../lib/activity';
import { countTokenRequest } from '../../lib/apiRateLimits';
import * as groups from './groups';
import { authenticateDirectory, type Directory } from './guard';
import { scimFailureOf } from './protocol/answers';
import { resourceTypes, schemas, serviceProviderConfig } from './protocol/discovery';
import { ScimError, scimErrorBody } from './protocol/errors';
import {
  DiscoveryDocument,
  IdParams,
  ListQuery,
  ListResponse,
  PatchBody,
  ResourceBody,
  ResourceQuery,
  ScimErrorBody,
  ScimGroupResource,
  ScimUserResource,
} from './protocol/schemas';
import { scimBaseUrl } from './settings';
import * as users from './users';

declare module 'fastify' {
  interface FastifyRequest {
    /** The company's directory making a /scim/v2 request (set by the SCIM guard). */
    directory: Directory | undefined;
  }
}

export const SCIM_MEDIA_TYPE = 'application/scim+json';

const errors = { '4xx': ScimErrorBody, '5xx': ScimErrorBody } as const;
/**
 * Not in the OpenAPI document: SCIM is described by RFC 7643/7644 and by its own discovery
 * endpoints, its routes take SCIM tokens only (the document's coherence test calls every write
 * route it lists with a person's session), and its bodies are SCIM's, not the `{status, data}` envelope.
 */
const hide = true;

function bearer(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * The SCIM 2.0 service provider (issue 47) at /scim/v2, in a context of its own: SCIM's media type
 * in and out, SCIM error bodies for every failure, the directory's token as the only credential,
 * its requests counted in the shared rate-limit windows per token and per tenant.
 */
export const scimProtocolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.decorateRequest('directory', undefined);
  app.addContentTypeParser(
    SCIM_MEDIA_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );

  app.setErrorHandler(async (raised, request, reply) => {
    const failure = scimFailureOf(raised);
    if (!failure) request.log.error({ err: raised }, 'unhandled SCIM error');
    const { status, detail, scimType, retryAfter } = failure ?? {
      status: 500,
      detail: 'Something went wrong on Storeline’s side. Please try again.',
    };
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    return reply
      .code(status)
      .type(SCIM_MEDIA_TYPE)
      .send(scimErrorBody(status, detail, scimType));
  });
  app.setNotFoundHandler(async (request, reply) =>
    reply
      .code(404)
      .type(SCIM_MEDIA_TYPE)
      .send(scimErrorBody(404, `This SCIM service has no ${request.method} ${request.url.split('?')[0]}.`)),
  );

  app.addHook('onRequest', async (request, reply) => {
    const directory = await authenticateDirectory(app.database.db, bearer(request));
    request.directory = directory;
    await countTokenRequest(
      app.database.db,
      app.config.apiRateLimits,
      app.config.apiRateWindowSeconds,
      request,
      reply,
      {
        tenantId: directory.tenantId,
        id: directory.tokenId,
        kind: 'scim',
      },
    );
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (payload !== null && payload !== undefined && payload !== '') reply.type(SCIM_MEDIA_TYPE);
    reply.header('cache-control', 'no-store');
    return payload;
  });

  const baseUrl = scimBaseUrl(app.config.publicUrl);
  const contextOf = (request: FastifyRequest): users.ScimContext => {
    if (!request.directory) throw new ScimError(401, 'No SCIM token.');
    return { db: app.db, jobs: app.jobs, tenantId: request.directory.tenantId, baseUrl };
  };

  /**
   * Runs a write as the directory: its administration log entry names the directory (its token's
   * name), not a person, and commits with the write. `entry.action` may be set once the write
   * knows what it did (a PATCH that only sets active: false is a disable).
   */
  function asDirectory<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    action: string,
    entity: ActivityEntity,
    run: (entry: ActivityInput) => Promise<T>,
  ): Promise<T> {
    const directory = request.directory!;
    const entry: ActivityInput = {
      tenantId: directory.tenantId,
      actorId: null,
      actorDirectoryId: directory.tokenId,
      actorName: directory.name,
      actorPosition: '',
      action,
      entity,
      entityId: null,
      entityName: null,
      changes: {},
      scopePath: '',
      ip: request.ip ?? null,
    };
    return withActivity(
      app.database.db,
      entry,
      () => run(entry),
      () => reply.statusCode < 400,
    );
  }

  const discovery = { hide, response: { 200: DiscoveryDocument, ...errors } };
  app.get('/ServiceProviderConfig', { schema: discovery }, async () => serviceProviderConfig(baseUrl));
  app.get('/ResourceTypes', { schema: discovery }, async () => resourceTypes(baseUrl));
  app.get('/Schemas', { schema: discovery }, async () => schemas(baseUrl));

  app.get(
    '/Users',
    {
      schema: { hide, querystring: ListQuery, response: { 200: ListResponse(ScimUserResource), ...errors } },
    },
    async (request) => users.listUsers(contextOf(request), request.query),
  );
  app.get(
    '/Users/:id',
    {
      schema: {
        hide,
        params: IdParams,
        querystring: ResourceQuery,
        response: { 200: ScimUserResource, ...errors },
      },
    },
    async (request) => users.getUser(contextOf(request), request.params.id, request.query),
  );
  app.post(
    '/Users',
    { schema: { hide, body: ResourceBody, response: { 201: ScimUserResource, ...errors } } },
    async (request, reply) =>
      asDirectory(request, reply, 'user.create', 'user', async () => {
        const created = await users.createUser(contextOf(request), request.body);
        reply.code(201).header('location', (created.meta as { location: string }).location);
        return created;
      }),
  );
  app.put(
    '/Users/:id',
    {
      schema: { hide, params: IdParams, body: ResourceBody, response: { 200: ScimUserResource, ...errors } },
    },
    async (request, reply) =>
      asDirectory(request, reply, 'user.update', 'user', async (entry) => {
        const { write, resource } = await users.replaceUser(
          contextOf(request),
          request.params.id,
          request.body,
        );
        entry.action = actionOf(write);
        return resource;
      }),
  );
  app.patch(
    '/Users/:id',
    { schema: { hide, params: IdParams, body: PatchBody, response: { 200: ScimUserResource, ...errors } } },
    async (request, reply) =>
      asDirectory(request, reply, 'user.update', 'user', async (entry) => {
        const { write, resource } = await users.patchUser(
          contextOf(request),
          request.params.id,
          request.body.Operations,
        );
        entry.action = actionOf(write);
        return resource;
      }),
  );
  app.delete('/Users/:id', { schema: { hide, params: IdParams, response: errors } }, async (request, reply) =>
    asDirectory(request, reply, 'user.disable', 'user', async (entry) => {
      entry.action = actionOf(await users.deleteUser(contextOf(request), request.params.id));
      // No body: a DELETE answers 204 alone (RFC 7644 §3.6).
      return (reply as FastifyReply).code(204).send();
    }),
  );

  // Groups (issue 47): logged under the directory's provisioning (`scim`), each naming the group.
  app.get(
    '/Groups',
    {
      schema: { hide, querystring: ListQuery, response: { 200: ListResponse(ScimGroupResource), ...errors } },
    },
    async (request) => groups.listGroups(contextOf(request), request.query),
  );
  app.get(
    '/Groups/:id',
    {
      schema: {
        hide,
        params: IdParams,
        querystring: ResourceQuery,
        response: { 200: ScimGroupResource, ...errors },
      },
    },
    async (request) => groups.getGroup(contextOf(request), request.params.id, request.query),
  );
  app.post(
    '/Groups',
    { schema: { hide, body: ResourceBody, response: { 201: ScimGroupResource, ...errors } } },
    async (request, reply) =>
      asDirectory(request, reply, 'scim.group.create', 'scim', async () => {
        const created = await groups.createGroup(contextOf(request), request.body);
        reply.code(201).header('location', (created.meta as { location: string }).location);
        return created;
      }),
  );
  app.put(
    '/Groups/:id',
    {
      schema: { hide, params: IdParams, body: ResourceBody, response: { 200: ScimGroupResource, ...errors } },
    },
    async (request, reply) =>
      asDirectory(request, reply, 'scim.group.update', 'scim', () =>
        groups.replaceGroup(contextOf(request), request.params.id, request.body),
      ),
  );
  app.patch(
    '/Groups/:id',
    { schema: { hide, params: IdParams, body: PatchBody, response: errors } },
    async (request, reply) =>
      asDirectory(request, reply, 'scim.group.update', 'scim', async () => {
        await groups.patchGroup(contextOf(request), request.params.id, request.body.Operations);
        // 204 as Entra ID and Okta expect: a large group is not sent back on every change of members.
        return (reply as FastifyReply).code(204).send();
      }),
  );
  app.delete(
    '/Groups/:id',
    { schema: { hide, params: IdParams, response: errors } },
    async (request, reply) =>
      asDirectory(request, reply, 'scim.group.delete', 'scim', async () => {
        await groups.deleteGroup(contextOf(request), request.params.id);
        return (reply as FastifyReply).code(204).send();
      }),
  );
};

const actionOf = (write: users.UserWrite) => (write === 'none' ? 'user.update' : `user.${write}`);
