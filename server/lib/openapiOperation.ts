import type { FastifySchema, RouteOptions } from 'fastify';
import { ErrorBody } from '../../contract/api/common';
import { type ApiRateLimits, rateLimitGroupOf } from '../config';

/**
 * What the OpenAPI document says of one route beyond what the route declares, derived here once
 * for every route (the swagger `transform`, server/plugins/openapi.ts): its operationId from its
 * method and path, its security from `config.access`, a request body for an upload, and every
 * error it can answer. The document-wide parts (shared error answers, tags, servers, schemes) are
 * in server/lib/openapiDocument.ts.
 */

/** The shape of a route's schema the document reads: Fastify's keys and @fastify/swagger's. */
interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  consumes?: string[];
  response?: Record<string, unknown>;
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
}

/** Either security scheme may call a route that is not public (server/lib/openapiDocument.ts). */
export const SECURED: Record<string, string[]>[] = [{ session: [] }, { apiToken: [] }];
/** Routes only a person uses (`access.tokens: false`: sign-in's own, the token routes) refuse API tokens. */
const PERSON_ONLY: Record<string, string[]>[] = [{ session: [] }];

function refusesTokens(config: RouteOptions['config']): boolean {
  const access = config?.access;
  return access !== undefined && !access.public && access.tokens === false;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /api/user/task/urgent` → `getUserTaskUrgent`, `GET /api/theme/logo/:tenant/:file` →
 * `getThemeLogoByTenantByFile`. Method and path are what make a route unique, so this is too, and
 * it changes only when the route does.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') || segment.startsWith('{')
        ? [`By${words(segment).map(capitalised).join('')}`]
        : words(segment).map(capitalised),
    );
  return `${method.toLowerCase()}${segments.join('')}`;
}

/** The property names of an object schema (and of the members of a union of them). */
function fieldsOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const { properties, anyOf, oneOf, allOf } = schema as Record<string, unknown>;
  const own = properties && typeof properties === 'object' ? Object.keys(properties) : [];
  const members = [anyOf, oneOf, allOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return [...own, ...members.flatMap(fieldsOf)];
}

/** Input naming a record (`id`, `task_id`, a stored file's name or hash): an unknown one is a 404. */
const NAMES_A_RECORD = /^(id|.+_id|filename|hash)$/;

/**
 * The error answers a route can give, from its declaration: 400 for any input to validate, 401
 * and 403 behind the guard (no session; a missing permission, a position not one's own or a
 * password to replace), 404 when the input names a record (another tenant's id answers 404 too),
 * 409 for a write (a duplicate, a limit, a concurrent change), 413 and 415 for a body, 429 under a
 * rate limit (every route an API token may call has one), and the server's 500 and 503. Codes the route lists itself are kept.
 */
export function errorCodesOf(method: string, schema: RouteSchema, config: RouteOptions['config']): number[] {
  const codes = new Set(
    Object.keys(schema.response ?? {})
      .map(Number)
      .filter((code) => code >= 400),
  );
  const upload = schema.consumes?.includes('multipart/form-data') ?? false;
  const hasBody = schema.body !== undefined || upload;
  const isPublic = config?.access?.public === true;
  if (hasBody || schema.querystring !== undefined || schema.params !== undefined) codes.add(400);
  if (!isPublic) {
    codes.add(401);
    codes.add(403);
  }
  const input = [...fieldsOf(schema.querystring), ...fieldsOf(schema.body), ...fieldsOf(schema.params)];
  if (input.some((field) => NAMES_A_RECORD.test(field))) codes.add(404);
  if (WRITES.has(method)) codes.add(409);
  if (hasBody) codes.add(413);
  if (schema.body !== undefined) codes.add(415);
  if (config && 'rateLimit' in config && config.rateLimit) codes.add(429);
  // A program's requests are counted against its token's and its tenant's limits (lib/apiRateLimits.ts).
  if (!isPublic && !refusesTokens(config)) codes.add(429);
  codes.add(500);
  codes.add(503);
  return [...codes].sort((a, b) => a - b);
}

/** An upload's body: the one multipart part named `file` (server/lib/uploads.ts). */
const UPLOAD_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The file' } },
};

/**
 * A query schema as a client reads it: a parameter with a default need not be sent (Fastify fills
 * it in), though the schema Fastify validates with lists it as required.
 */
function withDefaultsOptional(schema: unknown): unknown {
  const { properties, required } = (schema ?? {}) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  if (!properties || !Array.isArray(required)) return schema;
  const hasDefault = (name: string) =>
    (properties[name] as { default?: unknown } | undefined)?.default !== undefined;
  return { ...(schema as object), required: required.filter((name) => !hasDefault(name)) };
}

/** What the document needs to name the permission a route asks for. */
function permissionOf(config: RouteOptions['config']): string | undefined {
  const access = config?.access;
  if (!access || access.public || !access.module) return undefined;
  const capabilities = (access.can ?? ['read']).map((capability) => `\`${access.module}.${capability}\``);
  return `Needs ${capabilities.join(' and ')}.`;
}

/** The rate limit an API token's request to the route is counted in (lib/apiRateLimits.ts). */
function rateLimitOf(method: string, url: string, limits: ApiRateLimits): string {
  const group = rateLimitGroupOf(method, url);
  const { perToken, perTenant } = limits[group];
  return `Rate limit for API tokens: the \`${group}\` group, ${perToken} requests a minute per token and ${perTenant} per tenant.`;
}

/**
 * The route's schema as the document should read it: the route's own (never changed: Fastify
 * validates with it) with the derived parts added. Each error answer is left as the error body
 * here; the document refers them all to its shared answers (openapiDocument.ts).
 */
export function documentedSchema(
  route: Pick<RouteOptions, 'method' | 'config'>,
  url: string,
  schema: FastifySchema,
  limits: ApiRateLimits,
): FastifySchema {
  // What is not the API (the web app's files, the document's own pages) is left as it is.
  if (!schema || !url.startsWith('/api/') || (schema as { hide?: boolean }).hide) return schema;
  const own = schema as RouteSchema;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
  const isPublic = route.config?.access?.public === true;
  const upload = own.consumes?.includes('multipart/form-data') && own.body === undefined;
  const answers = Object.fromEntries(
    Object.entries(own.response ?? {}).filter(([code]) => !/^[45]xx$/i.test(code)),
  );
  for (const code of errorCodesOf(method, own, route.config)) answers[code] = ErrorBody;
  // What the route says of itself, then the permission it needs and a token's rate limit on it.
  const description = [
    own.description,
    permissionOf(route.config),
    isPublic || refusesTokens(route.config) ? undefined : rateLimitOf(method, url, limits),
  ].filter((part) => part !== undefined);
  const documented: RouteSchema = {
    ...own,
    operationId: own.operationId ?? operationIdOf(method, url),
    security: isPublic ? [] : refusesTokens(route.config) ? PERSON_ONLY : SECURED,
    ...(upload ? { body: UPLOAD_BODY } : {}),
    ...(own.querystring ? { querystring: withDefaultsOptional(own.querystring) } : {}),
    ...(description.length ? { description: description.join('\n\n') } : {}),
    response: answers,
  };
  return documented as FastifySchema;
}
