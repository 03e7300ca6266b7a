import { HttpResponse, http } from 'msw';
import type { PositionEntry, VerifyData } from '../../contract/api/session';
import { THEME_KEYS } from '../../contract/constants';
import type { ModulePermission } from '../../contract/modules';
import { DEFAULT_ROLES, PLATFORM_OPERATOR_ROLE } from '../../server/modules/tenants/defaults';
import { clearAuthState } from '../../src/providers/authState';
import { resetPositionCache, setPositionId } from '../../src/providers/positionStore';
import { setToken } from '../../src/providers/tokenCookie';

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
    hierarchy: [
      {
        id: 1,
        object_id: null,
        name: 'Acme Retail',
        type: 'root',
        level: 0,
        status: 'active',
        parent_id: null,
        children: [
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
        ],
      },
    ],
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

/** Tests that are not about urgent tasks have none. */
export const noUrgentTasks = http.get('*/api/user/task/urgent', () =>
  HttpResponse.json({ status: 200, data: { data: [] } }),
);

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
