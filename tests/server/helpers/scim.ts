import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ScimTokenCreated } from '../../../contract/api/scim';
import { sqlRows } from '../../../server/lib/jsonRows';
import type { InjectOptions, InjectResponse, TestApp } from './app';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

type Method = NonNullable<InjectOptions['method']>;

/** What the suites do as the company's directory: make its token, then call /scim/v2 with it. */
export function scimKit(t: TestApp) {
  async function tokenOf(as: string, name: string): Promise<ScimTokenCreated> {
    const res = await t.injectAs(as, { method: 'POST', url: '/api/scim/token/create', payload: { name } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ScimTokenCreated;
  }

  /** A request as an identity provider sends it: SCIM's media type in and out. */
  function call(
    token: string,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<InjectResponse> {
    return t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(payload === undefined ? {} : { 'content-type': 'application/scim+json' }),
        ...headers,
      },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
  }

  /** A person as Entra ID and Okta send one. */
  const userBody = (userName: string, over: Record<string, unknown> = {}) => ({
    schemas: [USER_SCHEMA],
    userName,
    active: true,
    name: { givenName: 'Pat', familyName: 'Provisioned' },
    emails: [{ value: userName, type: 'work', primary: true }],
    ...over,
  });

  async function createUser(token: string, userName: string, over: Record<string, unknown> = {}) {
    const res = await call(token, 'POST', '/Users', userBody(userName, over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; userName: string; [key: string]: unknown };
  }

  const patch = (token: string, url: string, Operations: unknown[]) =>
    call(token, 'PATCH', url, { schemas: [PATCH_OP], Operations });

  /** The administration log's entries about a user of `tenant`, newest first. */
  const logOf = (tenantId: number, entityId: string) =>
    sqlRows<{
      action: string;
      actor_id: number | null;
      actor_name: string;
      actor_directory_id: number | null;
    }>(
      t.database.db,
      sql`SELECT action, actor_id, actor_name, actor_directory_id FROM activity_entries
          WHERE tenant_id = ${tenantId} AND entity_id = ${entityId} ORDER BY seq DESC`,
    );

  return { tokenOf, call, userBody, createUser, patch, logOf };
}

/** A SCIM error answer: its shape, status and keyword. */
export function expectScimError(res: InjectResponse, status: number, scimType?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/scim+json');
  const body = res.json();
  expect(body.schemas).toEqual([ERROR_SCHEMA]);
  expect(body.status).toBe(String(status));
  if (scimType) expect(body.scimType).toBe(scimType);
  expect(typeof body.detail).toBe('string');
  return body as { detail: string; scimType?: string };
}
