import type {
  ProfileField,
  ProfileFieldCreateBody,
  ProfileFieldList,
  ProfileFieldReorderBody,
  ProfileFormField,
} from '../../../contract/api/profile';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { bumpPeople } from '../../lib/versions';
import {
  deleteField,
  findField,
  insertField,
  listFields,
  type ProfileFieldRow,
  type ProfileFieldValues,
  setSortOrder,
  shortNameTaken,
  updateField,
} from './repository';

// The profile module fills the fields in: it lists them and checks values against their rows.
export { listFields, type ProfileFieldRow };

const SHORT_NAME = /^[a-z][a-z0-9_]*$/;
const SHORT_NAME_TAKEN = 'Another field already uses this short name';

/** A field as the personal profile form shows it. */
export const toProfileFormField = (field: ProfileFieldRow): ProfileFormField => ({
  id: field.id,
  name: field.name,
  short_name: field.shortName,
  type: field.type,
  options: field.options,
  required: field.required,
});

export function toProfileField(field: ProfileFieldRow, valueCount: number): ProfileField {
  return {
    ...toProfileFormField(field),
    sort_order: field.sortOrder,
    active: field.active,
    built_in: field.builtIn,
    value_count: valueCount,
  };
}

function checkBody(body: ProfileFieldCreateBody, builtIn?: ProfileFieldRow): ProfileFieldValues {
  const errors: Record<string, string> = {};
  const name = body.name.trim();
  const shortName = body.short_name.trim();
  if (!name) errors.name = 'Give the field a name';
  if (!SHORT_NAME.test(shortName))
    errors.short_name =
      'Use lower-case letters, digits and underscores, starting with a letter (e.g. employee_id)';
  let options: string[] = [];
  if (body.type === 'select') {
    options = (body.options ?? []).map((o) => o.trim()).filter(Boolean);
    const lower = options.map((o) => o.toLowerCase());
    if (options.length === 0) errors.options = 'A list field needs at least one option';
    else if (new Set(lower).size !== lower.length) errors.options = 'Each option can be listed only once';
  }
  if (builtIn) {
    if (body.type !== builtIn.type) errors.type = `${builtIn.name} is built in; its type cannot change`;
    if (shortName !== builtIn.shortName)
      errors.short_name = `${builtIn.name} is built in; its short name cannot change`;
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return {
    name,
    shortName,
    type: body.type,
    options,
    required: body.required ?? false,
    active: body.active ?? true,
  };
}

export async function list(db: Db, caller: Caller): Promise<ProfileFieldList> {
  const rows = await listFields(db, caller.tenantId);
  return {
    data: rows.map((r) => toProfileField(r.field, r.valueCount)),
    total: rows.length,
    page: 1,
    per_page: rows.length,
  };
}

export async function get(db: Db, caller: Caller, id: number): Promise<ProfileField> {
  const row = await findField(db, caller.tenantId, id);
  if (!row) throw notFound('Profile field');
  return toProfileField(row.field, row.valueCount);
}

export async function create(db: Db, caller: Caller, body: ProfileFieldCreateBody): Promise<ProfileField> {
  const values = checkBody(body);
  const id = await db.transaction(async (tx) => {
    if (await shortNameTaken(tx, caller.tenantId, values.shortName))
      throw conflict(SHORT_NAME_TAKEN, { short_name: SHORT_NAME_TAKEN });
    const created = await insertField(tx, caller.tenantId, values);
    // Verify and the user list show profile fields and values (people).
    await bumpPeople(tx, caller.tenantId, 'everyone');
    return created;
  });
  return get(db, caller, id);
}

export async function update(
  db: Db,
  caller: Caller,
  id: number,
  body: ProfileFieldCreateBody,
): Promise<ProfileField> {
  const existing = await findField(db, caller.tenantId, id);
  if (!existing) throw notFound('Profile field');
  const values = checkBody(body, existing.field.builtIn ? existing.field : undefined);
  await db.transaction(async (tx) => {
    if (await shortNameTaken(tx, caller.tenantId, values.shortName, id))
      throw conflict(SHORT_NAME_TAKEN, { short_name: SHORT_NAME_TAKEN });
    await updateField(tx, caller.tenantId, id, values);
    await bumpPeople(tx, caller.tenantId, 'everyone');
  });
  return get(db, caller, id);
}

export async function remove(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  const existing = await findField(db, caller.tenantId, id);
  if (!existing) throw notFound('Profile field');
  if (existing.field.builtIn)
    throw conflict(
      `${existing.field.name} is built in and cannot be deleted; you can make it inactive instead.`,
    );
  await db.transaction(async (tx) => {
    // A parallel delete may have taken it since it was found: that one answered 200.
    if (!(await deleteField(tx, caller.tenantId, id))) throw notFound('Profile field');
    // Its values go with it.
    await bumpPeople(tx, caller.tenantId, 'everyone');
  });
  return { id };
}

/** Every tenant starts with the built-in time zone field (the session reads it as `timezone`). */
export async function addBuiltInFields(db: Db, tenantId: number) {
  await insertField(db, tenantId, {
    name: 'Time zone',
    shortName: 'timezone',
    type: 'timezone',
    options: [],
    required: false,
    active: true,
    builtIn: true,
  });
}

export async function reorder(
  db: Db,
  caller: Caller,
  body: ProfileFieldReorderBody,
): Promise<ProfileFieldList> {
  const current = await listFields(db, caller.tenantId);
  const known = new Set(current.map((r) => r.field.id));
  const sent = new Set(body.ids);
  if (sent.size !== body.ids.length || sent.size !== known.size || body.ids.some((id) => !known.has(id))) {
    const message = 'Send every profile field exactly once, in the new order';
    throw badRequest(message, { ids: message });
  }
  await db.transaction(async (tx) => {
    for (const [index, id] of body.ids.entries()) await setSortOrder(tx, caller.tenantId, id, index);
    await bumpPeople(tx, caller.tenantId, 'everyone');
  });
  return list(db, caller);
}
