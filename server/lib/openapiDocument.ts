import { POSITION_HEADER } from '../../contract/constants';

/**
 * The document-wide parts of the OpenAPI document (the swagger `transformObject`,
 * server/plugins/openapi.ts): where the API is, how a caller proves who it is, the tags with what
 * each groups, and one shared answer per error status that every operation refers to. The
 * per-route parts are in server/lib/openapiOperation.ts.
 */

interface Header {
  description: string;
  schema: { type: string; minimum?: number };
}

const RETRY_AFTER: Record<string, Header> = {
  'Retry-After': {
    description: 'Seconds to wait before sending the same request again',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** Each error status the API answers: its shared answer's name and what it means to a caller. */
const ERROR_ANSWERS: Record<number, { name: string; description: string; headers?: Record<string, Header> }> =
  {
    400: {
      name: 'BadRequest',
      description:
        'The input is not valid: `message` says why in words a person can act on, `errors` names each field',
    },
    401: {
      name: 'Unauthorized',
      description: 'No session or API token, or it has ended, expired or been revoked',
    },
    403: {
      name: 'Forbidden',
      description:
        'The role (or the token’s scopes) lacks the permission, the place is outside the caller’s part of the organisation, `X-Position-Id` is not one of the caller’s positions, or the password must be replaced first',
    },
    404: { name: 'NotFound', description: 'No such record; another tenant’s id answers this too' },
    409: {
      name: 'Conflict',
      description:
        'A duplicate, a limit reached, or a change made by someone else at the same moment; nothing was written (with `Retry-After` when waiting is the remedy)',
      headers: RETRY_AFTER,
    },
    413: { name: 'PayloadTooLarge', description: 'The body or the file is larger than the route accepts' },
    415: { name: 'UnsupportedMediaType', description: 'The body is not in a media type the route reads' },
    429: {
      name: 'TooManyRequests',
      description: 'Too many requests; nothing was done',
      headers: RETRY_AFTER,
    },
    500: {
      name: 'InternalServerError',
      description: 'Something went wrong on the server; nothing was written',
    },
    503: {
      name: 'ServiceUnavailable',
      description: 'The server took too long and stopped; nothing was written',
      headers: RETRY_AFTER,
    },
  };

/** The error body of design §3, shared by every error answer. */
const ERROR_SCHEMA = 'Error';

/**
 * How a caller proves who it is: both are HTTP bearer tokens on the same routes. @fastify/swagger
 * reads them while it builds each operation, so they are given when it is registered.
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description: 'Session (Bearer): the token `POST /api/login` answers, as the web app sends it',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'stl_…',
    description:
      'API token (Bearer): made by an administrator for a program, acting with exactly its scopes in its tenant',
  },
} as const;

interface Operation {
  security?: unknown[];
  parameters?: unknown[];
  responses?: Record<string, unknown>;
}

export interface DocumentOptions {
  /** The address the API is reached at (PUBLIC_URL). */
  publicUrl: string;
  /** Every tag an operation may carry, with what it groups, in the order they are listed. */
  tags: Record<string, string>;
}

type Document = Record<string, unknown> & {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/** A success answer @fastify/swagger left with its placeholder description says it succeeded. */
function described(answer: unknown): unknown {
  const { description } = answer as { description?: string };
  return description === 'Default Response' ? { ...(answer as object), description: 'Done' } : answer;
}

/** The document @fastify/swagger built from the routes, finished (a new object; the input is not changed). */
export function finishDocument(input: object, options: DocumentOptions): Document {
  // @fastify/swagger types its document for every OpenAPI version; this reads the parts it sets.
  const built = input as Document;
  const used = new Set<number>();
  let errorSchema: unknown;
  const paths = Object.fromEntries(
    Object.entries(built.paths ?? {}).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => {
          const responses = Object.fromEntries(
            Object.entries(operation.responses ?? {}).map(([code, answer]) => {
              const status = Number(code);
              const shared = ERROR_ANSWERS[status];
              if (!shared) return [code, described(answer)];
              used.add(status);
              errorSchema ??= (answer as { content?: Record<string, { schema?: unknown }> }).content?.[
                'application/json'
              ]?.schema;
              return [code, { $ref: `#/components/responses/${shared.name}` }];
            }),
          );
          // Who calls with a session or a token may say which of their positions acts.
          const parameters = operation.security?.length
            ? [...(operation.parameters ?? []), { $ref: '#/components/parameters/PositionId' }]
            : operation.parameters;
          return [method, { ...operation, ...(parameters ? { parameters } : {}), responses }];
        }),
      ),
    ]),
  );
  const responses = Object.fromEntries(
    [...used]
      .sort((a, b) => a - b)
      .map((status) => {
        const { name, description, headers } = ERROR_ANSWERS[status]!;
        return [
          name,
          {
            description,
            ...(headers ? { headers } : {}),
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
          },
        ];
      }),
  );
  return {
    ...built,
    servers: [{ url: options.publicUrl, description: 'This installation (PUBLIC_URL)' }],
    tags: Object.entries(options.tags).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      ...built.components,
      schemas: { ...built.components?.schemas, ...(errorSchema ? { [ERROR_SCHEMA]: errorSchema } : {}) },
      responses,
      parameters: {
        PositionId: {
          name: POSITION_HEADER,
          in: 'header',
          required: false,
          description:
            'Which of the caller’s positions acts (its id, from `position_list` of `GET /api/user/verify`); the first by default',
          schema: { type: 'integer', minimum: 1 },
        },
      },
    },
  };
}
