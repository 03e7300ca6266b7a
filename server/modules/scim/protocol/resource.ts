import { LIST_SCHEMA } from './schemas';

/** Most resources one list answer holds (ServiceProviderConfig's filter.maxResults). */
export const MAX_RESULTS = 200;
/** What a list answers when the directory names no count. */
const DEFAULT_COUNT = 100;

/** A SCIM resource as answered: its schemas and its attributes. */
export type Resource = { schemas: string[] } & Record<string, unknown>;

export interface Paging {
  offset: number;
  limit: number;
  startIndex: number;
}

/** RFC 7644 §3.4.2.4: startIndex counts from 1 (less is 1); count below 0 is 0, above the maximum is the maximum. */
export function pagingOf(query: { startIndex?: number; count?: number }): Paging {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const limit = Math.min(MAX_RESULTS, Math.max(0, query.count ?? DEFAULT_COUNT));
  return { offset: startIndex - 1, limit, startIndex };
}

export function listResponse<T>(resources: T[], total: number, paging: Paging) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    itemsPerPage: resources.length,
    startIndex: paging.startIndex,
    Resources: resources,
  };
}

export interface MetaOf {
  resourceType: 'User' | 'Group';
  created: Date;
  lastModified: Date;
  location: string;
}

export const metaOf = (m: MetaOf) => ({
  resourceType: m.resourceType,
  created: m.created.toISOString(),
  lastModified: m.lastModified.toISOString(),
  location: m.location,
});

/** Attributes every answer keeps whatever `attributes`/`excludedAttributes` say (returned "always"). */
const ALWAYS = new Set(['id', 'schemas', 'meta']);

const names = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, ''))
    .filter(Boolean);

/**
 * A resource narrowed as RFC 7644 §3.9 asks: `attributes` keeps those named (and what is always
 * returned), `excludedAttributes` drops those named. Top-level names and `parent.sub` are understood.
 */
export function project<T extends Resource>(
  resource: T,
  query: { attributes?: string; excludedAttributes?: string },
): T {
  const keep = names(query.attributes);
  const drop = names(query.excludedAttributes);
  let out: Record<string, unknown> = { ...resource };
  if (keep.length > 0) {
    const wanted = new Map<string, Set<string> | true>();
    for (const name of keep) {
      const [top, sub] = splitName(resource, name);
      if (sub === undefined) wanted.set(top, true);
      else if (wanted.get(top) !== true)
        wanted.set(top, new Set([...((wanted.get(top) as Set<string>) ?? []), sub]));
    }
    out = {};
    for (const [key, value] of Object.entries(resource)) {
      const want = wanted.get(key.toLowerCase());
      if (ALWAYS.has(key) || want === true) out[key] = value;
      else if (want && value && typeof value === 'object' && !Array.isArray(value))
        out[key] = Object.fromEntries(Object.entries(value).filter(([k]) => want.has(k.toLowerCase())));
    }
  }
  for (const name of drop) {
    const [top, sub] = splitName(out, name);
    const key = Object.keys(out).find((k) => k.toLowerCase() === top);
    if (!key || ALWAYS.has(key)) continue;
    if (sub === undefined) delete out[key];
    else if (out[key] && typeof out[key] === 'object')
      out[key] = Object.fromEntries(
        Object.entries(out[key] as object).filter(([k]) => k.toLowerCase() !== sub),
      );
  }
  return out as T;
}

/** `name.givenName` → [`name`, `givenname`]; an extension's `urn:…:User:department` → [urn, `department`]. */
function splitName(resource: Record<string, unknown>, name: string): [string, string | undefined] {
  const lower = name.toLowerCase();
  const urn = Object.keys(resource).find(
    (k) => k.startsWith('urn:') && lower.startsWith(`${k.toLowerCase()}:`),
  );
  if (urn) return [urn.toLowerCase(), lower.slice(urn.length + 1)];
  if (lower.startsWith('urn:')) return [lower, undefined];
  const [top = '', sub] = lower.split('.');
  return [top, sub];
}
