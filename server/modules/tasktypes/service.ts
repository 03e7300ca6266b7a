import { HEX_COLOUR } from '../../../contract/api/departments';
import type {
  TaskType,
  TaskTypeCreateBody,
  TaskTypeList,
  TaskTypeReorderBody,
} from '../../../contract/api/tasks';
import { isLanguage } from '../../../contract/languages';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { bumpVersion } from '../../lib/versions';
import {
  countTasksOfType,
  deleteTaskType,
  findTaskType,
  insertTaskType,
  listTaskTypes,
  reorderTaskTypes,
  type TaskTypeRow,
  type TaskTypeValues,
  taskTypeNameTaken,
  updateTaskType,
} from './repository';

const NAME_TAKEN = 'A task type with this name already exists';
const ICON = /^[A-Za-z][A-Za-z0-9]*$/;

export function toTaskType(row: TaskTypeRow): TaskType {
  return {
    id: row.id,
    name: row.name,
    names: row.names,
    description: row.description,
    colour: row.colour,
    secondary_colour: row.secondaryColour,
    icon: row.icon,
    sort_order: row.sortOrder,
  };
}

function checkBody(body: TaskTypeCreateBody, current?: TaskTypeRow): TaskTypeValues {
  const errors: Record<string, string> = {};
  const name = body.name.trim();
  const colour = body.colour.trim().toLowerCase();
  const secondary = (body.secondary_colour ?? current?.secondaryColour ?? '#f5f5f5').trim().toLowerCase();
  const icon = (body.icon ?? current?.icon ?? 'Assignment').trim();
  if (!name) errors.name = 'Give the task type a name';
  if (!HEX_COLOUR.test(colour)) errors.colour = 'Choose a colour as a hex code such as #d32f2f';
  if (!HEX_COLOUR.test(secondary))
    errors.secondary_colour = 'Choose a secondary colour as a hex code such as #fdecea';
  if (!ICON.test(icon)) errors.icon = 'Choose an icon by its name, such as Campaign';
  const names = body.names ? checkNames(body.names, errors) : (current?.names ?? {});
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return {
    name,
    names,
    description: (body.description ?? current?.description ?? '').trim(),
    colour,
    secondaryColour: secondary,
    icon,
  };
}

/**
 * The names in other languages, trimmed, empty ones left out (those read the default name); a
 * language Storeline does not speak is refused under its own field.
 */
function checkNames(given: Readonly<Record<string, string>>, errors: Record<string, string>) {
  const names: Record<string, string> = {};
  for (const [language, value] of Object.entries(given)) {
    const field = `names.${language}`;
    if (!isLanguage(language)) errors[field] = `"${language}" is not a language Storeline speaks`;
    else if (value.trim()) names[language] = value.trim();
  }
  return names;
}

export async function list(db: Db, tenantId: number): Promise<TaskTypeList> {
  return { data: (await listTaskTypes(db, tenantId)).map(toTaskType) };
}

export async function create(db: Db, tenantId: number, body: TaskTypeCreateBody): Promise<TaskType> {
  const values = checkBody(body);
  return db.transaction(async (tx) => {
    if (await taskTypeNameTaken(tx, tenantId, values.name)) throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
    const created = toTaskType(await insertTaskType(tx, tenantId, values));
    await bumpVersion(tx, tenantId, 'settings');
    return created;
  });
}

export async function update(
  db: Db,
  tenantId: number,
  id: number,
  body: TaskTypeCreateBody,
): Promise<TaskType> {
  return db.transaction(async (tx) => {
    const current = await findTaskType(tx, tenantId, id);
    if (!current) throw notFound('Task type');
    const values = checkBody(body, current);
    if (await taskTypeNameTaken(tx, tenantId, values.name, id))
      throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
    const updated = toTaskType((await updateTaskType(tx, tenantId, id, values))!);
    await bumpVersion(tx, tenantId, 'settings');
    return updated;
  });
}

/** The list must name every type of the tenant exactly once, so no type is left without a place. */
export async function reorder(db: Db, tenantId: number, body: TaskTypeReorderBody): Promise<TaskTypeList> {
  return db.transaction(async (tx) => {
    const existing = await listTaskTypes(tx, tenantId);
    const known = new Set(existing.map((t) => t.id));
    const complete = body.ids.length === known.size && body.ids.every((id) => known.has(id));
    if (!complete) {
      const message = 'List every task type once, in the order you want them';
      throw badRequest(message, { ids: message });
    }
    await reorderTaskTypes(tx, tenantId, body.ids);
    const data = (await listTaskTypes(tx, tenantId)).map(toTaskType);
    await bumpVersion(tx, tenantId, 'settings');
    return { data };
  });
}

export async function remove(db: Db, tenantId: number, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const current = await findTaskType(tx, tenantId, id);
    if (!current) throw notFound('Task type');
    const used = await countTasksOfType(tx, tenantId, id);
    if (used > 0) {
      throw conflict(
        `${used} ${used === 1 ? 'task uses' : 'tasks use'} the type "${current.name}"; give ${used === 1 ? 'it' : 'them'} another type first`,
      );
    }
    // A parallel delete may have taken it since it was found: that one answered 200.
    if (!(await deleteTaskType(tx, tenantId, id))) throw notFound('Task type');
    await bumpVersion(tx, tenantId, 'settings');
  });
  return { id };
}

/** The tenant's task types in sort order, as rows (for modules that group by type). */
export const typeRows = (db: Db, tenantId: number) => listTaskTypes(db, tenantId);

/** Whether the tenant has this task type. */
export const hasType = async (db: Db, tenantId: number, id: number) =>
  Boolean(await findTaskType(db, tenantId, id));
