import {
  ADMIN_TENANT_MODULES,
  type Capability,
  capabilitiesOf,
  MODULE_IDS,
  type ModuleId,
} from '../../../contract/modules';
import type { TaskTypeKind } from '../../db/schema/catalogue';

type Grants = Partial<Record<ModuleId, Capability[]>>;

const all = (module: ModuleId) => [...capabilitiesOf(module)];

export const ADMINISTRATOR_ROLE = 'Administrator';

/** A customer tenant may use every module but tenant management unless the operators say otherwise. */
export const DEFAULT_ALLOWED_MODULES: readonly ModuleId[] = MODULE_IDS.filter(
  (m) => !ADMIN_TENANT_MODULES.includes(m),
);

/** Every tenant starts with these four roles; tenant administrators edit them afterwards. */
export const DEFAULT_ROLES: { name: string; description: string; grants: Grants }[] = [
  {
    name: ADMINISTRATOR_ROLE,
    description: 'Runs the organisation: every module, every capability.',
    grants: Object.fromEntries(MODULE_IDS.filter((m) => m !== 'tenant').map((m) => [m, all(m)])) as Grants,
  },
  {
    name: 'Area Manager',
    description: 'Leads the stores of an area: sends tasks, audits completions, manages staff.',
    grants: {
      dashboard: ['read'],
      profile: ['read', 'update'],
      storeinfo: ['read'],
      user: ['create', 'read', 'update', 'disable'],
      department: ['read'],
      workspace: ['read', 'update'],
      hierarchy: ['read'],
      role: ['read'],
      mytasks: ['read', 'complete'],
      taskmanagement: ['create', 'read', 'update', 'delete'],
      compliance: ['read'],
      audit: ['read', 'update'],
      report: ['read'],
      formtemplate: ['create', 'read', 'update'],
      inspection: ['create', 'read', 'update'],
      action: ['create', 'read', 'update'],
    },
  },
  {
    name: 'Store Manager',
    description: 'Runs one store: completes and checks its tasks, manages its team.',
    grants: {
      dashboard: ['read'],
      profile: ['read', 'update'],
      storeinfo: ['read'],
      user: ['read', 'update'],
      mytasks: ['read', 'complete'],
      taskmanagement: ['read'],
      compliance: ['read', 'complete'],
      audit: ['read', 'update'],
      report: ['read'],
      inspection: ['read'],
      action: ['create', 'read', 'update'],
    },
  },
  {
    name: 'Team Member',
    description: 'Works in a store: completes the tasks sent to it.',
    grants: {
      profile: ['read', 'update'],
      storeinfo: ['read'],
      mytasks: ['read', 'complete'],
      compliance: ['read', 'complete'],
      action: ['read'],
    },
  },
];

export const PLATFORM_OPERATOR_ROLE = {
  name: 'Platform Operator',
  description: 'Operates Storeline: creates and manages tenants.',
  grants: { tenant: all('tenant'), profile: ['read', 'update'], activity: ['read'] } as Grants,
};

export const DEFAULT_TASK_TYPES: {
  name: string;
  names: Record<string, string>;
  description: string;
  colour: string;
  secondaryColour: string;
  icon: string;
  sortOrder: number;
  kind: TaskTypeKind;
}[] = [
  {
    name: 'Urgent',
    names: { es: 'Urgente', fr: 'Urgent' },
    description: 'Needs doing now',
    colour: '#d32f2f',
    secondaryColour: '#fdecea',
    icon: 'PriorityHigh',
    sortOrder: 1,
    kind: 'urgent',
  },
  {
    name: 'Task',
    names: { es: 'Tarea', fr: 'Tâche' },
    description: 'Work to complete by its due time',
    colour: '#1976d2',
    secondaryColour: '#e3f2fd',
    icon: 'Assignment',
    sortOrder: 2,
    kind: 'task',
  },
  {
    name: 'Communication',
    names: { es: 'Comunicación', fr: 'Communication' },
    description: 'News to read and acknowledge',
    colour: '#2e7d32',
    secondaryColour: '#e8f5e9',
    icon: 'Campaign',
    sortOrder: 3,
    kind: 'communication',
  },
];

export const DEFAULT_TERMS: Record<string, string> = { workspace: 'Workspace' };
