// @vitest-environment node
// Pure logic: no DOM needed, so no jsdom to build for this file.
import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../src/providers/accessControl';
import { type GuardInput, guard, matchRoute as matchIn } from '../../src/routing/guard';
import { SCREENS } from '../../src/screenRegistry';
import { permissionsOf, type RoleName } from './fixtures';

const as = (role: RoleName): AccessSubject => ({
  id: 1,
  permissions: permissionsOf(role),
  isAdminTenant: role === 'Platform Operator',
});

const { routes: APP_ROUTES, adminFolders } = SCREENS;
const matchRoute = (path: string) => matchIn(path, APP_ROUTES);

// As AdminApp's layout asks: with the registered routes and administration folders.
const decide = (pathname: string, overrides: Partial<GuardInput> = {}) =>
  guard({
    pathname,
    hasToken: true,
    forcedReset: false,
    user: as('Team Member'),
    routes: APP_ROUTES,
    adminFolders,
    ...overrides,
  });

describe('routing guard (spec §4)', () => {
  it('sends /login with a token cookie to / and shows it without one', () => {
    expect(decide('/login')).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/login', { hasToken: false, user: undefined })).toEqual({ kind: 'allow' });
  });

  it('forwards /password to /password/forgot and leaves the other password pages open', () => {
    const signedOut = { hasToken: false, user: undefined };
    expect(decide('/password', signedOut)).toEqual({ kind: 'redirect', to: '/password/forgot' });
    expect(decide('/password/forgot', signedOut)).toEqual({ kind: 'allow' });
    expect(decide('/password/forgotEmailSent', signedOut)).toEqual({ kind: 'allow' });
    expect(decide('/password/reset/abc.def', signedOut)).toEqual({ kind: 'allow' });
    expect(decide('/password/reset/abc.def')).toEqual({ kind: 'allow' });
  });

  it('opens /password/change only with a token and the forced-reset flag', () => {
    expect(decide('/password/change', { forcedReset: true, user: undefined })).toEqual({ kind: 'allow' });
    expect(decide('/password/change', { forcedReset: false })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('/password/change', { hasToken: false, forcedReset: true })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('sends a visitor without a token to /login', () => {
    expect(decide('/task', { hasToken: false, user: undefined })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('/', { hasToken: false, user: undefined })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends every navigation to /password/change while a reset is forced', () => {
    expect(decide('/task', { forcedReset: true })).toEqual({ kind: 'redirect', to: '/password/change' });
    expect(decide('/profile', { forcedReset: true, user: undefined })).toEqual({
      kind: 'redirect',
      to: '/password/change',
    });
    const user = { ...as('Team Member'), forceResetPassword: true };
    expect(decide('/', { user })).toEqual({ kind: 'redirect', to: '/password/change' });
  });

  it('asks for verification before deciding on permissions', () => {
    expect(decide('/admin/user', { user: undefined })).toEqual({ kind: 'verify' });
  });

  it('sends / to the first permitted menu entry, its first sub-item if any', () => {
    expect(decide('/', { user: as('Administrator') })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('/', { user: as('Team Member') })).toEqual({ kind: 'redirect', to: '/task' });
    expect(decide('/', { user: as('Platform Operator') })).toEqual({
      kind: 'redirect',
      to: '/tenant-management',
    });
    const compliance = {
      id: 1,
      isAdminTenant: false,
      permissions: [
        { id: 'compliance' as const, status: 'active' as const, capabilities: ['read' as const] },
      ],
    };
    expect(decide('/', { user: compliance })).toEqual({ kind: 'redirect', to: '/task/compliance' });
  });

  it('sends / to /forbidden when no menu entry is permitted', () => {
    const operatorWithoutTenant = {
      id: 1,
      isAdminTenant: true,
      // Operators open their own activity log (issue 32): without it and tenants, nothing is left.
      permissions: permissionsOf('Platform Operator').filter((p) => p.id !== 'tenant' && p.id !== 'activity'),
    };
    expect(decide('/', { user: operatorWithoutTenant })).toEqual({ kind: 'redirect', to: '/forbidden' });
  });

  it('sends a route the role does not permit to /forbidden', () => {
    expect(decide('/admin/user')).toEqual({ kind: 'redirect', to: '/forbidden' });
    expect(decide('/admin/user', { user: as('Store Manager') })).toEqual({ kind: 'allow' });
    expect(decide('/admin/user/create', { user: as('Store Manager') })).toEqual({
      kind: 'redirect',
      to: '/forbidden',
    });
    // Read and update: an area manager reads the hierarchy but may not open its editor.
    expect(decide('/admin/hierarchy', { user: as('Area Manager') })).toEqual({
      kind: 'redirect',
      to: '/forbidden',
    });
    expect(decide('/tenant-management', { user: as('Administrator') })).toEqual({
      kind: 'redirect',
      to: '/forbidden',
    });
    expect(decide('/dashboard', { user: as('Platform Operator') })).toEqual({
      kind: 'redirect',
      to: '/forbidden',
    });
    expect(decide('/library', { user: as('Platform Operator') })).toEqual({
      kind: 'redirect',
      to: '/forbidden',
    });
    expect(decide('/library')).toEqual({ kind: 'allow' });
  });

  it('lets /forbidden and unknown paths through (not found renders inside the layout)', () => {
    expect(decide('/forbidden')).toEqual({ kind: 'allow' });
    expect(decide('/no/such/page')).toEqual({ kind: 'allow' });
  });

  it('forwards /report to /report/overall and /audit to /audit/task when permitted', () => {
    expect(decide('/report', { user: as('Store Manager') })).toEqual({
      kind: 'redirect',
      to: '/report/overall',
    });
    expect(decide('/report')).toEqual({ kind: 'redirect', to: '/forbidden' });
    expect(decide('/audit', { user: as('Store Manager') })).toEqual({ kind: 'redirect', to: '/audit/task' });
  });
});

describe('route table (spec §2)', () => {
  it('declares every authenticated route of the spec with its module', () => {
    const expected: [string, string | undefined, string[] | undefined][] = [
      ['/profile', 'profile', ['read']],
      ['/tenant-management', 'tenant', ['read', 'update']],
      ['/tenant-management/create', 'tenant', ['create']],
      ['/tenant-management/edit/4', 'tenant', ['update']],
      ['/dashboard', 'dashboard', ['read']],
      ['/admin/user', 'user', ['read', 'update']],
      ['/admin/user/create', 'user', ['create']],
      ['/admin/user/edit/3', 'user', ['update']],
      ['/admin/user/import', 'user', ['create']],
      ['/admin/workspace', 'workspace', ['read', 'update']],
      ['/admin/workspace/detail/3', 'workspace', ['read']],
      ['/admin/workspace/create', 'workspace', ['create']],
      ['/admin/workspace/edit/3', 'workspace', ['update']],
      ['/admin/workspace/import', 'workspace', ['create']],
      ['/admin/hierarchy', 'hierarchy', ['read', 'update']],
      ['/admin/role', 'role', ['read', 'update']],
      ['/admin/role/detail/2', 'role', ['read']],
      ['/admin/role/create', 'role', ['create']],
      ['/admin/role/create/2', 'role', ['create']],
      ['/admin/role/edit/2', 'role', ['update']],
      ['/admin/department', 'department', ['read', 'update']],
      ['/admin/department/detail/2', 'department', ['read']],
      ['/admin/department/create', 'department', ['create']],
      ['/admin/department/create/2', 'department', ['create']],
      ['/admin/department/edit/2', 'department', ['update']],
      ['/admin/profile-management', 'profilemanagement', ['read', 'update']],
      ['/task', 'mytasks', ['read']],
      ['/task/management', 'taskmanagement', ['read']],
      ['/task/management/detail/9', 'taskmanagement', ['read']],
      ['/task/management/create', 'taskmanagement', ['create']],
      ['/task/management/create/9', 'taskmanagement', ['create']],
      ['/task/management/edit/9', 'taskmanagement', ['update']],
      ['/audit/task', 'audit', ['read']],
      ['/audit/store', 'audit', ['read']],
      ['/report/overall', 'report', ['read']],
      ['/report/completion-first-time', 'report', ['read']],
      ['/report/completion-first-time-trend', 'report', ['read']],
      ['/report/state-area-performance', 'report', ['read']],
      ['/report/store-area-performance', 'report', ['read']],
      ['/report/team-member-performance', 'report', ['read']],
      ['/workspace', 'storeinfo', ['read']],
      ['/workspace/detail/3', 'storeinfo', ['read']],
      ['/settings', 'setting', ['read', 'update']],
    ];
    for (const [path, module, can] of expected) {
      const route = matchRoute(path);
      expect(route, path).toBeDefined();
      expect(route?.access, path).toEqual({ module, can });
    }
  });

  it('declares the placeholder pages with an under-development page', () => {
    const placeholders = [
      '/library',
      '/insight',
      '/insight/observation',
      '/insight/idea',
      '/insight/feedback',
      '/insight/barometer',
      '/insight/barometer-management',
      '/order',
      '/survey',
      '/survey/management',
    ];
    for (const path of placeholders) {
      const route = matchRoute(path);
      expect(route?.access, path).toEqual({ placeholder: true });
      expect(route?.description, path).toMatch(/^placeholders\./);
    }
  });

  it('has no duplicate paths and a page or redirect for every route', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(APP_ROUTES.every((r) => r.page !== undefined || r.redirect !== undefined)).toBe(true);
  });
});
