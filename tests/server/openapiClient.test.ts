import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../support/storelineApi';
import { OWNER } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';

/**
 * The OpenAPI document as a program uses it (issue 46): a client generated from it by
 * openapi-typescript (tests/support/storelineApi.ts, committed) calls the real app over HTTP with
 * `Authorization: Bearer <token>`, and the committed types are what the current document makes.
 */
const t = suiteApp();
const TYPES = path.resolve('tests/support/storelineApi.ts');
let baseUrl = '';

beforeAll(async () => {
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

interface Operation {
  operationId?: string;
  description?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in?: string; $ref?: string }[];
  requestBody?: unknown;
  responses: Record<
    string,
    { $ref?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }
  >;
}
interface Document {
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string; description: string }> };
}

describe('the document', () => {
  let doc: Document;
  beforeAll(async () => {
    doc = (await t.inject({ url: '/api/docs/json' })).json() as Document;
  });
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );

  it('names, sums up, tags and secures every operation, with the error answers it derives', () => {
    const declared = new Set(doc.tags.map((tag) => tag.name));
    const ids = new Set<string>();
    const unnamed: string[] = [];
    for (const { name, operation } of operations()) {
      if (!operation.operationId || !operation.summary || !operation.tags?.every((tag) => declared.has(tag)))
        unnamed.push(name);
      ids.add(operation.operationId ?? '');
      const errors = Object.keys(operation.responses).filter((code) => code >= '400');
      // Behind the sign-in: both bearer schemes, 401 and 403; every error is a shared answer.
      if (operation.security?.length) {
        // Routes only a person uses (their own session, profile, notifications, the tokens) take no token.
        expect([[{ session: [] }, { apiToken: [] }], [{ session: [] }]], name).toContainEqual(
          operation.security,
        );
        expect(errors, name).toEqual(expect.arrayContaining(['401', '403']));
      } else expect(operation.security, name).toEqual([]);
      for (const code of errors)
        expect(operation.responses[code]!.$ref, name).toMatch(/^#\/components\/responses\//);
      if (operation.requestBody || operation.parameters?.some((p) => p.in === 'query'))
        expect(errors, name).toContain('400');
    }
    expect(unnamed).toEqual([]);
    expect(ids.size).toBe(operations().length);
    const byName = new Map(operations().map(({ name, operation }) => [name, operation]));
    expect(byName.get('GET /api/user/task/urgent')?.operationId).toBe('getUserTaskUrgent');
    expect(byName.get('GET /api/theme/logo/{tenant}/{file}')?.operationId).toBe('getThemeLogoByTenantByFile');
    expect(Object.keys(byName.get('POST /api/admin/task/create')!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409', '413', '500', '503']),
    );
    expect(Object.keys(byName.get('POST /api/passwordforgot')!.responses)).toContain('429');
  });

  it('publishes each route’s rate limit for API tokens, and which routes take no token', () => {
    const byName = new Map(operations().map(({ name, operation }) => [name, operation]));
    const create = byName.get('POST /api/admin/task/create')!;
    expect(Object.keys(create.responses)).toContain('429');
    expect(create.description).toContain(
      'Rate limit for API tokens: the `write` group, 120 requests a minute per token and 360 per tenant.',
    );
    expect(byName.get('GET /api/workspace/list')!.description).toContain('the `read` group, 600 requests');
    // A person's own routes refuse tokens: the session scheme alone, and no token limit to give.
    const tokens = byName.get('POST /api/token/create')!;
    expect(tokens.security).toEqual([{ session: [] }]);
    expect(tokens.description ?? '').not.toContain('Rate limit');
  });

  it('says what each download sends and where each redirect goes', () => {
    const byName = new Map(operations().map(({ name, operation }) => [name, operation]));
    const mediaTypes = (name: string) => Object.keys(byName.get(name)!.responses['200']!.content ?? {});
    expect(mediaTypes('GET /api/compliance/export')).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(mediaTypes('GET /api/report/overall')).toEqual(
      expect.arrayContaining(['application/json', 'text/csv']),
    );
    expect(mediaTypes('GET /api/task/attachments/thumbnail')).toEqual(['image/webp']);
    expect(
      byName.get('GET /api/task/attachments/download')!.responses['200']!.content!['application/pdf'],
    ).toEqual({
      schema: { type: 'string', format: 'binary' },
    });
    for (const name of ['GET /api/sso/start', 'GET /api/sso/callback']) {
      const redirect = byName.get(name)!.responses;
      expect(
        Object.keys(redirect).filter((code) => code < '400'),
        name,
      ).toEqual(['302']);
      expect(redirect['302']!.headers, name).toHaveProperty('Location');
      expect(redirect['302']!.content, name).toBeUndefined();
    }
  });

  it('names the installation (PUBLIC_URL) and both bearer schemes', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://storeline.test' })]);
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'http', scheme: 'bearer' },
      apiToken: {
        type: 'http',
        scheme: 'bearer',
        description: expect.stringContaining('API token (Bearer)'),
      },
    });
  });
});

describe('the generated client', () => {
  it('is what the current document makes (else: npm run openapi:types)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storeline-openapi-'));
    try {
      const document = path.join(dir, 'openapi.json');
      writeFileSync(document, JSON.stringify(t.app.swagger()));
      const made = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'tests/support/openapiTypes.ts', document],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      expect(
        made === readFileSync(TYPES, 'utf8'),
        'tests/support/storelineApi.ts is out of date: run npm run openapi:types',
      ).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('reads stores and completions and creates a task with an API token', async () => {
    // A person signs in and makes an API token for the program, with the scopes it needs.
    const person = (
      await createClient<paths>({ baseUrl }).POST('/api/login', {
        body: { username: OWNER, password: 'storeline-demo' },
      })
    ).data?.data.token;
    expect(person).toBeTruthy();
    const made = await createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${person}` } }).POST(
      '/api/token/create',
      {
        body: {
          name: 'Store systems',
          scopes: [
            'workspace.read',
            'audit.read',
            'taskmanagement.read',
            'taskmanagement.create',
            'taskmanagement.update',
          ],
        },
      },
    );
    expect(made.response.status).toBe(200);
    const token = made.data!.data.token;
    expect(token).toMatch(/^stl_/);
    const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

    const stores = await api.GET('/api/workspace/list', {
      params: { query: { search_key: 'Sydney' } },
    });
    expect(stores.response.status).toBe(200);
    const names = stores.data?.data.data.map((store) => store.name) ?? [];
    expect(names).toContain('Sydney CBD');
    const cbd = stores.data!.data.data.find((store) => store.name === 'Sydney CBD')!;

    // The completions waiting for a decision, as the audit queue lists them (by store).
    const queue = await api.GET('/api/audit/store/list', { params: { query: { status: 'all' } } });
    expect(queue.response.status).toBe(200);
    expect(Array.isArray(queue.data?.data.data)).toBe(true);
    // What the token may not do is refused, with the error body the document declares.
    const people = await api.GET('/api/user/list', { params: { query: {} } });
    expect(people.response.status).toBe(403);
    expect(people.error).toMatchObject({ status: 403 });

    const types = await api.GET('/api/task/types/list');
    const taskType = types.data?.data.data.find((type) => type.name === 'Task');
    expect(taskType).toBeDefined();

    const created = await api.POST('/api/admin/task/create', {
      body: {
        title: 'Count the safes',
        description: '<p>Count both safes and write the totals down.</p>',
        type_id: taskType!.id,
        start_date: '2030-03-04',
        start_time: '09:00',
        due_date: '2030-03-04',
        due_time: '17:00',
        targets: { include: [cbd.node_id] },
      },
    });
    expect(created.response.status).toBe(200);
    const taskId = created.data!.data.id;
    const published = await api.POST('/api/admin/task/publish', { body: { id: taskId } });
    expect(published.response.status).toBe(200);

    const read = await api.GET('/api/admin/task/get', { params: { query: { id: taskId } } });
    expect(read.data?.data).toMatchObject({ title: 'Count the safes', status: 'published' });
    expect(read.data?.data.stores.map((store) => store.name)).toEqual(['Sydney CBD']);
  });

  it('answers a refusal as the document says: the error body, no data', async () => {
    const api = createClient<paths>({ baseUrl, headers: { Authorization: 'Bearer not-a-token' } });
    const refused = await api.GET('/api/workspace/list', { params: { query: {} } });
    expect(refused.response.status).toBe(401);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toMatchObject({ status: 401, message: expect.any(String) });
  });
});
