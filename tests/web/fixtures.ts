import { HttpResponse, http } from 'msw';
import type { Profile } from '../../contract/api/profile';
import type { HierarchyNode, LoginUser, PositionEntry, VerifyData } from '../../contract/api/session';
import type { UserRecord } from '../../contract/api/users';
import type { WorkspaceRecord } from '../../contract/api/workspaces';
import { THEME_KEYS } from '../../contract/constants';
import type { ModulePermission } from '../../contract/modules';
import { DEFAULT_ROLES, PLATFORM_OPERATOR_ROLE } from '../../server/modules/tenants/defaults';
import { clearAuthState } from '../../src/providers/authState';
import { resetPositionCache, setPositionId } from '../../src/providers/positionStore';
import { setToken } from '../../src/session/tokenCookie';

export type RoleName =
  | 'Administrator'
  | 'Area Manager'
  | 'Store Manager'
  | 'Team Member'
  | 'Platform Operator';

/** The effective permissions of a seeded role, as verify sends them (server/modules/tenants/defaults.ts). */
export function permissionsOf(role: RoleName): ModulePermission[] {
  const def =
    role === 'Platform Operator' ? PLATFORM_OPERATOR_ROLE : DEFAULT_ROLES.find((r) => r.name === role)!;
  return Object.entries(def.grants).map(([id, capabilities]) => ({
    id: id as ModulePermission['id'],
    status: 'active' as const,
    capabilities: capabilities ?? [],
  }));
}

export function position(overrides: Partial<PositionEntry> = {}): PositionEntry {
  return {
    id: 11,
    node_id: 5,
    node_type: 'workspace',
    node_name: 'Sydney CBD',
    role_id: 4,
    role_name: 'Team Member',
    selected: true,
    ...overrides,
  };
}

/** Acme's root node (1), over these children. */
export const acmeRoot = (children: HierarchyNode[]): HierarchyNode => ({
  id: 1,
  object_id: null,
  name: 'Acme Retail',
  type: 'root',
  level: 0,
  status: 'active',
  parent_id: null,
  children,
});

/**
 * Acme's tree as verify sends it: the root and one store, Sydney CBD (node 5, workspace 42). A new
 * one each call, so that a test may change its copy.
 */
export const acmeTree = (): HierarchyNode[] => [
  acmeRoot([
    {
      id: 5,
      object_id: 42,
      name: 'Sydney CBD',
      type: 'workspace',
      level: 1,
      status: 'active',
      parent_id: 1,
      children: [],
    },
  ]),
];

/** Sam's own profile as GET /api/profile/get answers it, with no extra fields unless given. */
export const staffProfile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 7,
  username: 'staff@acme.test',
  email: 'staff@acme.test',
  firstname: 'Sam',
  lastname: 'Staff',
  preferred_name: null,
  avatar: null,
  avatar_url: null,
  profile_data: [],
  fields: [],
  ...overrides,
});

/** Olivia Smith as GET /api/user/list lists her, with no positions unless given. */
export const userRecord = (overrides: Partial<UserRecord> = {}): UserRecord => ({
  id: 40,
  username: 'olivia@acme.test',
  email: 'olivia@acme.test',
  firstname: 'Olivia',
  lastname: 'Smith',
  preferred_name: null,
  avatar_url: null,
  status: 'active',
  force_reset: false,
  assigns: [],
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  ...overrides,
});

/** Sydney CBD (workspace 42, node 5) as the workspace screens read it; override what the test is about. */
export const workspaceRecord = (overrides: Partial<WorkspaceRecord> = {}): WorkspaceRecord => ({
  id: 42,
  node_id: 5,
  name: 'Sydney CBD',
  status: 'active',
  parent_id: 3,
  parent_name: 'Sydney Metro',
  location: 'New South Wales › Sydney Metro',
  identifier: 'NSW-001',
  street_line1: '1 George Street',
  street_line2: '',
  suburb: 'Sydney',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  contact: 'sydney.cbd@stores.example',
  description: 'Flagship',
  open_at: 1_551_398_400,
  timezone: 'Australia/Sydney',
  user_count: 6,
  ...overrides,
});

/** A verify answer for an Acme user; override what the test is about. */
export function verifyData(overrides: Partial<VerifyData> = {}): VerifyData {
  return {
    id: 7,
    force_reset: false,
    firstname: 'Sam',
    lastname: 'Staff',
    username: 'staff@acme.test',
    preferred_name: null,
    avatar_url: null,
    email: 'staff@acme.test',
    tenant: { id: 2, identifier: 'acme', name: 'Acme Retail' },
    position_list: [position()],
    hierarchy: acmeTree(),
    modules: permissionsOf('Team Member'),
    terms: { workspace: 'Store' },
    settings: { week_starting_day: 1, max_active_workspace: 50 },
    theme: THEME_KEYS.map((k) => ({
      id: k.id,
      key: k.key,
      value: k.key === 'primary' ? '#c62828' : k.default,
      default: k.default,
    })),
    profile_data: [],
    ...overrides,
  };
}

/** A verify answer for Acme's administrator, at the root of the tree (node 1); override what the test is about. */
export const adminVerify = (overrides: Partial<VerifyData> = {}): VerifyData =>
  verifyData({
    modules: permissionsOf('Administrator'),
    position_list: [
      position({ node_type: 'root', node_id: 1, node_name: 'Acme Retail', role_name: 'Administrator' }),
    ],
    ...overrides,
  });

/** A verify answer for the area manager of Sydney Metro. */
export const areaManagerVerify = (): VerifyData =>
  verifyData({
    username: 'area@acme.test',
    position_list: [
      position({ node_type: 'container', node_name: 'Sydney Metro', role_name: 'Area Manager' }),
    ],
    modules: permissionsOf('Area Manager'),
  });

export const operatorVerify = (): VerifyData =>
  verifyData({
    id: 1,
    firstname: 'Pat',
    lastname: 'Operator',
    username: 'operator@admin.test',
    email: 'operator@admin.test',
    tenant: { id: 1, identifier: 'admin', name: 'Storeline Platform' },
    modules: permissionsOf('Platform Operator'),
    terms: { workspace: 'Workspace' },
    position_list: [position({ node_type: 'root', node_id: 1, role_name: 'Platform Operator' })],
  });

export const verifyHandler = (data: VerifyData | (() => VerifyData)) =>
  http.get('*/api/user/verify', () =>
    HttpResponse.json({ status: 200, data: typeof data === 'function' ? data() : data }),
  );

/** Verify refusing a person with no position at an active workspace, as the server words it. */
export const noActiveWorkspaceVerify = http.get('*/api/user/verify', () =>
  HttpResponse.json(
    {
      status: 401,
      message: 'You have no position at an active workspace. Ask your administrator to assign you.',
    },
    { status: 401 },
  ),
);

/** Sam as POST /api/login answers with them. */
export const loginUser = (overrides: Partial<LoginUser> = {}): LoginUser => ({
  id: 7,
  username: 'staff@acme.test',
  firstname: 'Sam',
  lastname: 'Staff',
  preferred_name: null,
  email: 'staff@acme.test',
  force_reset: false,
  tenant: 'acme',
  ...overrides,
});

/** A clean browser: no cookie, no session, no sign-in reason, no remembered position, no forced reset. */
export function resetBrowserState(): void {
  clearAuthState();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetPositionCache();
}

export function signedIn(token = 'test-token', positionId?: number): void {
  setToken(token);
  if (positionId !== undefined) setPositionId(positionId);
}

/** The browser's zone in the test run: a store "here" reads its times without a store-time mark. */
export const HERE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A zone that is not the browser's: a store "elsewhere" reads its times with one. */
export const ELSEWHERE = HERE === 'Pacific/Kiritimati' ? 'UTC' : 'Pacific/Kiritimati';
