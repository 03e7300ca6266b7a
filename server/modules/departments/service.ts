import {
  type Department,
  type DepartmentCreateBody,
  type DepartmentList,
  type DepartmentListQuery,
  HEX_COLOUR,
} from '../../../contract/api/departments';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { bumpVersion } from '../../lib/versions';
import { countTasksOfDepartment } from '../taskmanagement/usage';
import {
  type DepartmentRow,
  deleteDepartment,
  departmentNameTaken,
  findDepartment,
  insertDepartment,
  listDepartments,
  updateDepartment,
} from './repository';

const NAME_TAKEN = 'A department with this name already exists';

function toDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    colour: row.colour,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function checkBody(body: DepartmentCreateBody) {
  const errors: Record<string, string> = {};
  const name = body.name.trim();
  const colour = body.colour.trim().toLowerCase();
  if (!name) errors.name = 'Give the department a name';
  if (!HEX_COLOUR.test(colour)) errors.colour = 'Choose a colour as a hex code such as #1565c0';
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return { name, colour, description: (body.description ?? '').trim() };
}

export async function list(db: Db, caller: Caller, query: DepartmentListQuery): Promise<DepartmentList> {
  const { rows, total } = await listDepartments(db, caller.tenantId, query);
  return { data: rows.map(toDepartment), total, page: query.page, per_page: query.per_page };
}

export async function get(db: Db, caller: Caller, id: number): Promise<Department> {
  const row = await findDepartment(db, caller.tenantId, id);
  if (!row) throw notFound('Department');
  return toDepartment(row);
}

export async function create(db: Db, caller: Caller, body: DepartmentCreateBody): Promise<Department> {
  const values = checkBody(body);
  return db.transaction(async (tx) => {
    if (await departmentNameTaken(tx, caller.tenantId, values.name))
      throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
    const department = toDepartment(await insertDepartment(tx, caller.tenantId, values));
    await bumpVersion(tx, caller.tenantId, 'settings');
    return department;
  });
}

export async function update(
  db: Db,
  caller: Caller,
  id: number,
  body: DepartmentCreateBody,
): Promise<Department> {
  const values = checkBody(body);
  return db.transaction(async (tx) => {
    if (!(await findDepartment(tx, caller.tenantId, id))) throw notFound('Department');
    if (await departmentNameTaken(tx, caller.tenantId, values.name, id))
      throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
    const department = toDepartment((await updateDepartment(tx, caller.tenantId, id, values))!);
    await bumpVersion(tx, caller.tenantId, 'settings');
    return department;
  });
}

export async function remove(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const department = await findDepartment(tx, caller.tenantId, id);
    if (!department) throw notFound('Department');
    const used = await countTasksOfDepartment(tx, caller.tenantId, id);
    if (used > 0)
      throw conflict(
        `${used} ${used === 1 ? 'task uses' : 'tasks use'} the department "${department.name}"; move ${used === 1 ? 'it' : 'them'} to another one first`,
      );
    // A parallel delete may have taken it since it was found: that one answered 200.
    if (!(await deleteDepartment(tx, caller.tenantId, id))) throw notFound('Department');
    await bumpVersion(tx, caller.tenantId, 'settings');
  });
  return { id };
}
