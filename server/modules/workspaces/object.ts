import type { WorkspaceObject, WorkspaceObjectInput } from '../../../contract/api/hierarchy';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { findIdentifierOwner, type WorkspaceRow, type WorkspaceValues } from './repository';

/** The object as the API sends it: `open_at` in unix seconds (spec §9). */
export function workspaceObject(row: WorkspaceRow): WorkspaceObject {
  return {
    id: row.id,
    identifier: row.identifier,
    street_line1: row.streetLine1,
    street_line2: row.streetLine2,
    suburb: row.suburb,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    contact: row.contact,
    description: row.description,
    open_at: row.openAt ? Math.floor(row.openAt.getTime() / 1000) : null,
    timezone: row.timezone,
  };
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const TEXT_FIELDS = {
  street_line1: 'streetLine1',
  street_line2: 'streetLine2',
  suburb: 'suburb',
  city: 'city',
  state: 'state',
  postcode: 'postcode',
  contact: 'contact',
  description: 'description',
} as const;

/**
 * Turns API input into column values: text trimmed, `open_at` seconds into an instant, the time
 * zone checked against the IANA names this server knows. `prefix` names fields in errors
 * ("object." for the hierarchy calls, "" for the workspace calls).
 */
export function objectValues(input: WorkspaceObjectInput, prefix = ''): WorkspaceValues {
  const values: WorkspaceValues = {};
  if (input.identifier !== undefined) {
    const identifier = input.identifier.trim();
    if (!identifier)
      throw badRequest('The identifier cannot be blank', {
        [`${prefix}identifier`]: 'identifier is required',
      });
    values.identifier = identifier;
  }
  for (const [field, column] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, string][]) {
    const value = input[field];
    if (value !== undefined) (values as Record<string, string>)[column] = value.trim();
  }
  if (input.open_at !== undefined)
    values.openAt = input.open_at === null ? null : new Date(input.open_at * 1000);
  if (input.timezone !== undefined) {
    const zone = input.timezone?.trim() || null;
    if (zone !== null && !isTimeZone(zone)) {
      const message = `"${zone}" is not a time zone; use an IANA name such as Australia/Sydney`;
      throw badRequest(message, { [`${prefix}timezone`]: message });
    }
    values.timezone = zone;
  }
  return values;
}

/** Identifiers are unique in a tenant (spec: the store code people search by). */
export async function assertIdentifierFree(
  db: Db,
  tenantId: number,
  identifier: string,
  exceptId?: number,
  prefix = '',
) {
  const owner = await findIdentifierOwner(db, tenantId, identifier, exceptId);
  if (owner) throw identifierTaken(identifier, prefix, owner.name);
}

export function identifierTaken(identifier: string, prefix = '', owner?: string) {
  const message = `The identifier "${identifier}" is already used by ${owner ?? 'another workspace'}`;
  return conflict(message, { [`${prefix}identifier`]: message });
}

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

/** Postgres' unique violation, however the driver wraps it. */
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';

/** Postgres' foreign key violation, however the driver wraps it. */
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
