import type { QueryValue } from '../httpClient';
import { type NamedResource, resourceNamed } from '../resourceAccess';

/**
 * How a react-admin resource maps onto the API (design §3: `/api/<entity>/list|get|create|update|delete`).
 * A resource that follows the convention needs only `base`; the rest overrides where the spec
 * says otherwise. Each resource declares its own in its folder's index.ts.
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

/** A registered resource as the data provider sees it: its name and its endpoints. */
export interface ResourceApi extends NamedResource {
  /** Where react-admin's CRUD calls for the resource go (design §3). */
  endpoints: ResourceEndpoints;
}

export function endpointsFor(resources: readonly ResourceApi[], resource: string): ResourceEndpoints {
  const found = resourceNamed(resources, resource)?.endpoints;
  if (!found)
    throw new Error(
      `No API endpoints are declared for the resource "${resource}" (its folder's index.ts, registered in src/screenRegistry.ts)`,
    );
  return found;
}
