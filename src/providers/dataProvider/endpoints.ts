import type { QueryValue } from '../httpClient';

/**
 * How a react-admin resource maps onto the API (design §3: `/api/<entity>/list|get|create|update|delete`).
 * A resource that follows the convention needs only `base`; the rest overrides where the spec
 * says otherwise. Each resource registered in AdminApp has its entry in RESOURCE_ENDPOINTS.
 */
export interface ResourceEndpoints {
  /** e.g. `/api/user` → /api/user/list, /api/user/get, … */
  base: string;
  list?: string;
  get?: string;
  create?: string;
  update?: string;
  delete?: string;
  updateMethod?: 'PUT' | 'POST';
  /** Spec §7: `DELETE /api/user/delete` takes `id` in the query; others take `{ ids }` in the body. */
  deleteStyle?: 'query-id' | 'body-id' | 'body-ids';
  /** Turns react-admin's filter into the list's query parameters (default: passed through). */
  listQuery?: (filter: Record<string, unknown>) => Record<string, QueryValue>;
  /** Spec §8 fallback texts, as i18n keys under `errors.`. */
  messages?: { create?: string; update?: string; delete?: string };
}

export const RESOURCE_ENDPOINTS: Record<string, ResourceEndpoints> = {
  // People and access (spec §7 user calls with their §8 fallbacks).
  users: {
    base: '/api/user',
    deleteStyle: 'query-id',
    // Spec §7: `key` names the field to search, `value` is the text.
    listQuery: ({ key, value }) =>
      typeof value === 'string' && value.trim()
        ? { key: typeof key === 'string' && key ? key : 'name', value: value.trim() }
        : {},
    messages: { create: 'errors.user_create', update: 'errors.user_update', delete: 'errors.user_delete' },
  },
  roles: { base: '/api/role' },
  departments: { base: '/api/department' },
  'profile-fields': { base: '/api/profile-field' },
  // Workspaces are hierarchy nodes underneath, so their failures use the node texts of spec §8.
  workspaces: {
    base: '/api/workspace',
    messages: { create: 'errors.node_create', update: 'errors.node_update' },
  },
  // Store Info (storeinfo.read) reads the same records, read-only.
  stores: { base: '/api/storeinfo' },
  // Task Management (issue 10): the list's filters are the query's own names (search_key, status, …).
  tasks: { base: '/api/admin/task' },
  tenants: {
    base: '/api/tenant',
    messages: { create: 'errors.tenant_create', update: 'errors.tenant_update' },
  },
};

export function endpointsFor(resource: string): ResourceEndpoints {
  const found = RESOURCE_ENDPOINTS[resource];
  if (!found)
    throw new Error(
      `No API endpoints are declared for the resource "${resource}" (src/providers/dataProvider/endpoints.ts)`,
    );
  return found;
}
