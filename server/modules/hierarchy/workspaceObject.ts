import type { WorkspaceObject, WorkspaceObjectInput } from '../../../contract/api/hierarchy';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pgErrors';
import {
  findIdentifierOwner,
  findWorkspaceOfNode,
  insertWorkspace,
  updateWorkspace,
  type WorkspaceRow,
  type WorkspaceValues,
} from './workspaceRows';

/**
 * A workspace is a hierarchy node with an object (address, identifier, time zone). The hierarchy
 * service makes and edits the node; the object's rules and storage are here, for it and for the
 * workspace service.
 */

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

function identifierTaken(identifier: string, prefix = '', owner?: string) {
  const message = `The identifier "${identifier}" is already used by ${owner ?? 'another {workspace_lower}'}`;
  return conflict(message, { [`${prefix}identifier`]: message });
}

/** The object of a workspace node. */
export function objectOfNode(db: Db, tenantId: number, nodeId: number): Promise<WorkspaceRow | undefined> {
  return findWorkspaceOfNode(db, tenantId, nodeId);
}

/** Stores a new workspace node's object; call inside the transaction that made the node. */
export async function addObject(
  db: Db,
  tenantId: number,
  nodeId: number,
  values: WorkspaceValues & { identifier: string },
  prefix = '',
): Promise<WorkspaceRow> {
  try {
    return await insertWorkspace(db, tenantId, nodeId, values);
  } catch (error) {
    // Another request took the identifier between the caller's check and the insert.
    if (isUniqueViolation(error)) throw identifierTaken(values.identifier, prefix);
    throw error;
  }
}

export async function editObject(db: Db, tenantId: number, id: number, values: WorkspaceValues, prefix = '') {
  try {
    await updateWorkspace(db, tenantId, id, values);
  } catch (error) {
    // Another request took the identifier between the caller's check and the update.
    if (isUniqueViolation(error) && values.identifier) throw identifierTaken(values.identifier, prefix);
    throw error;
  }
}
