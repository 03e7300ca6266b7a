import type { RolePermission } from '../../../contract/api/roles';
import {
  ADMIN_TENANT_MODULES,
  type Capability,
  capabilitiesOf,
  isModuleId,
  MODULE_IDS,
  type ModuleId,
} from '../../../contract/modules';

/** The rows of the matrix: every module a customer tenant's role can carry (spec §6). */
export const MATRIX_MODULES: readonly ModuleId[] = MODULE_IDS.filter(
  (m) => !ADMIN_TENANT_MODULES.includes(m),
);

/** The columns: the general capabilities, then the special ones only some modules have. */
export const MATRIX_COLUMNS: readonly Capability[] = [
  'read',
  'create',
  'update',
  'delete',
  'disable',
  'complete',
  'manage',
];

interface MatrixRow {
  status: 'active' | 'inactive';
  capabilities: Capability[];
}
export type Matrix = Record<ModuleId, MatrixRow>;
export type Selection = 'all' | 'some' | 'none';

export const hasCapability = (module: ModuleId, capability: Capability) =>
  capabilitiesOf(module).includes(capability);

/** Keeps a row's capabilities in the catalogue's order, whatever order they were ticked in. */
const ordered = (module: ModuleId, capabilities: Iterable<Capability>) => {
  const set = new Set(capabilities);
  return capabilitiesOf(module).filter((c) => set.has(c));
};

export function toMatrix(permissions: readonly RolePermission[] = []): Matrix {
  const matrix = Object.fromEntries(
    MATRIX_MODULES.map((m) => [m, { status: 'active', capabilities: [] } satisfies MatrixRow]),
  ) as unknown as Matrix;
  for (const p of permissions) {
    const id = p.id.toLowerCase();
    if (!isModuleId(id) || !MATRIX_MODULES.includes(id)) continue;
    const caps = p.capabilities.map((c) => c.toLowerCase()) as Capability[];
    matrix[id] = {
      status: p.status,
      capabilities: ordered(
        id,
        caps.filter((c) => hasCapability(id, c)),
      ),
    };
  }
  return matrix;
}

/** Back to the API's list: modules with something granted, or switched off on purpose. */
export function fromMatrix(matrix: Matrix): RolePermission[] {
  return MATRIX_MODULES.filter((m) => matrix[m].capabilities.length > 0).map((m) => ({
    id: m,
    status: matrix[m].status,
    capabilities: [...matrix[m].capabilities],
  }));
}

export function toggleCell(matrix: Matrix, module: ModuleId, capability: Capability, on: boolean): Matrix {
  if (!hasCapability(module, capability)) return matrix;
  const current = new Set(matrix[module].capabilities);
  if (on) current.add(capability);
  else current.delete(capability);
  return { ...matrix, [module]: { ...matrix[module], capabilities: ordered(module, current) } };
}

export function toggleRow(matrix: Matrix, module: ModuleId, on: boolean): Matrix {
  return {
    ...matrix,
    [module]: { ...matrix[module], capabilities: on ? [...capabilitiesOf(module)] : [] },
  };
}

export function toggleColumn(matrix: Matrix, capability: Capability, on: boolean): Matrix {
  let next = matrix;
  for (const m of MATRIX_MODULES)
    if (hasCapability(m, capability)) next = toggleCell(next, m, capability, on);
  return next;
}

export function setStatus(matrix: Matrix, module: ModuleId, active: boolean): Matrix {
  return { ...matrix, [module]: { ...matrix[module], status: active ? 'active' : 'inactive' } };
}

function selection(count: number, of: number): Selection {
  if (count === 0) return 'none';
  return count === of ? 'all' : 'some';
}

export function rowSelection(matrix: Matrix, module: ModuleId): Selection {
  return selection(matrix[module].capabilities.length, capabilitiesOf(module).length);
}

export function columnSelection(matrix: Matrix, capability: Capability): Selection {
  const modules = MATRIX_MODULES.filter((m) => hasCapability(m, capability));
  return selection(modules.filter((m) => matrix[m].capabilities.includes(capability)).length, modules.length);
}
