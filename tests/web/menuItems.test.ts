// @vitest-environment node
// Pure logic: no DOM needed, so no jsdom to build for this file.
import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../src/providers/accessControl';
import { visibleAdminLinks } from '../../src/routing/adminLinks';
import {
  activeMenuKey,
  firstPermittedPath,
  MAIN_MENU,
  type MenuEntry,
  visibleMenu,
} from '../../src/routing/menuItems';
import { RESOURCES, SCREENS } from '../../src/screenRegistry';
import { permissionsOf, type RoleName } from './fixtures';

const as = (role: RoleName): AccessSubject => ({
  id: 1,
  permissions: permissionsOf(role),
  isAdminTenant: role === 'Platform Operator',
});

/** The visible menu as "Label" and "Parent > Child" paths, for readable expectations. */
function outline(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => (e.children ? e.children.map((c) => `${e.label} > ${c.label}`) : [e.label]));
}

const PLACEHOLDERS = [
  'menu.library',
  'menu.insights > menu.observation',
  'menu.insights > menu.idea',
  'menu.insights > menu.feedback',
  'menu.insights > menu.barometer',
  'menu.insights > menu.barometer_management',
  'menu.orders',
];
const SURVEY = ['menu.survey > menu.survey_list', 'menu.survey > menu.survey_management'];

describe('main navigation (spec §2 and §6)', () => {
  it('lists the spec entries with their paths in order', () => {
    expect(MAIN_MENU.map((e) => [e.label, e.path])).toEqual([
      ['menu.tenant', '/tenant-management'],
      ['menu.dashboard', '/dashboard'],
      ['menu.tasks', '/task'],
      ['menu.audit', '/audit'],
      ['menu.reports', '/report'],
      ['menu.library', '/library'],
      ['menu.insights', '/insight'],
      ['menu.orders', '/order'],
      ['menu.workspace_info', '/workspace'],
      ['menu.survey', '/survey'],
    ]);
    const children = Object.fromEntries(
      MAIN_MENU.filter((e) => e.children).map((e) => [e.key, e.children!.map((c) => c.path)]),
    );
    expect(children).toEqual({
      tasks: ['/task', '/task/management', '/task/compliance', '/task/action'],
      audit: ['/audit/task', '/audit/store', '/audit/inspection', '/audit/form-template'],
      insights: [
        '/insight/observation',
        '/insight/idea',
        '/insight/feedback',
        '/insight/barometer',
        '/insight/barometer-management',
      ],
      survey: ['/survey', '/survey/management'],
    });
  });

  it('shows an administrator everything but Tenant', () => {
    expect(outline(visibleMenu(as('Administrator')))).toEqual([
      'menu.dashboard',
      'menu.tasks > menu.my_tasks',
      'menu.tasks > menu.task_management',
      'menu.tasks > menu.compliance',
      'menu.tasks > actions.menu',
      'menu.audit > menu.audit_task',
      'menu.audit > menu.audit_store',
      'menu.audit > menu.inspections',
      'menu.audit > menu.form_templates',
      'menu.reports',
      ...PLACEHOLDERS,
      'menu.workspace_info',
      ...SURVEY,
    ]);
  });

  it('shows a team member My Tasks, Compliance, Actions, the workspace info and the placeholders', () => {
    expect(outline(visibleMenu(as('Team Member')))).toEqual([
      'menu.tasks > menu.my_tasks',
      'menu.tasks > menu.compliance',
      'menu.tasks > actions.menu',
      ...PLACEHOLDERS,
      'menu.workspace_info',
      ...SURVEY,
    ]);
  });

  it('shows admin-tenant users only Tenant', () => {
    expect(outline(visibleMenu(as('Platform Operator')))).toEqual(['menu.tenant']);
    // Even with customer-module grants, the platform tenant sees Tenant alone.
    const operator = {
      ...as('Platform Operator'),
      permissions: [...permissionsOf('Administrator'), ...permissionsOf('Platform Operator')],
    };
    expect(outline(visibleMenu(operator))).toEqual(['menu.tenant']);
  });

  it('makes both audit sub-items follow the audit module and hides a parent with no allowed child', () => {
    const noAudit = {
      ...as('Store Manager'),
      permissions: permissionsOf('Store Manager').filter((p) => p.id !== 'audit' && p.id !== 'inspection'),
    };
    expect(outline(visibleMenu(noAudit)).some((l) => l.startsWith('menu.audit'))).toBe(false);
    // Inspections follow their own module (issue 48): a store manager reads their store's.
    const inspectionsOnly = {
      ...as('Store Manager'),
      permissions: permissionsOf('Store Manager').filter((p) => p.id !== 'audit'),
    };
    expect(outline(visibleMenu(inspectionsOnly)).filter((l) => l.startsWith('menu.audit'))).toEqual([
      'menu.audit > menu.inspections',
    ]);
    const onlyAudit = {
      id: 1,
      isAdminTenant: false,
      permissions: [{ id: 'audit' as const, status: 'active' as const, capabilities: ['read' as const] }],
    };
    const menu = outline(visibleMenu(onlyAudit));
    expect(menu).toContain('menu.audit > menu.audit_task');
    expect(menu).toContain('menu.audit > menu.audit_store');
    expect(menu.some((l) => l.startsWith('menu.tasks'))).toBe(false);
  });

  it('needs read, not just any capability', () => {
    const writeOnly = {
      id: 1,
      isAdminTenant: false,
      permissions: [
        { id: 'dashboard' as const, status: 'active' as const, capabilities: ['update' as const] },
      ],
    };
    expect(visibleMenu(writeOnly).some((e) => e.key === 'dashboard')).toBe(false);
    expect(visibleMenu(undefined)).toEqual([]);
  });

  it('finds the first permitted entry for "/"', () => {
    expect(firstPermittedPath(as('Administrator'), SCREENS.adminFolders)).toBe('/dashboard');
    expect(firstPermittedPath(as('Team Member'), SCREENS.adminFolders)).toBe('/task');
    expect(firstPermittedPath(as('Platform Operator'), SCREENS.adminFolders)).toBe('/tenant-management');
    expect(
      firstPermittedPath({ id: 1, isAdminTenant: true, permissions: [] }, SCREENS.adminFolders),
    ).toBeUndefined();
  });

  it('never starts on a placeholder while a real screen is permitted', () => {
    const only = (...modules: ('storeinfo' | 'user')[]) => ({
      id: 1,
      isAdminTenant: false,
      permissions: modules.map((id) => ({
        id,
        status: 'active' as const,
        capabilities: ['read' as const, 'update' as const],
      })),
    });
    // Library, Insights and Orders come before Store Info in the menu, but are placeholders.
    expect(firstPermittedPath(only('storeinfo'), SCREENS.adminFolders)).toBe('/workspace');
    // Only an administration screen: that, rather than a placeholder.
    expect(firstPermittedPath(only('user'), SCREENS.adminFolders)).toBe('/admin/user');
    // Nothing real at all: the placeholders are still there to land on.
    expect(firstPermittedPath(only(), SCREENS.adminFolders)).toBe('/library');
  });

  it('highlights the deepest entry for a path', () => {
    const menu = visibleMenu(as('Administrator'));
    expect(activeMenuKey('/task', menu)).toBe('my-tasks');
    expect(activeMenuKey('/task/management/edit/4', menu)).toBe('task-management');
    expect(activeMenuKey('/task/compliance', menu)).toBe('compliance');
    expect(activeMenuKey('/task/action/detail/12', menu)).toBe('actions');
    expect(activeMenuKey('/survey/management', menu)).toBe('survey-management');
    expect(activeMenuKey('/workspace/detail/3', menu)).toBe('workspace-info');
    expect(activeMenuKey('/nowhere', menu)).toBeUndefined();
  });

  it('offers administration screens in the user menu by the same rules as their routes', () => {
    expect(visibleAdminLinks(as('Administrator'), SCREENS.adminFolders).map((l) => l.path)).toEqual([
      '/admin/user',
      '/admin/workspace',
      '/admin/hierarchy',
      '/admin/role',
      '/admin/department',
      '/admin/profile-management',
      '/settings',
      '/admin/activity',
    ]);
    expect(visibleAdminLinks(as('Area Manager'), SCREENS.adminFolders).map((l) => l.path)).toEqual([
      '/admin/user',
      '/admin/workspace',
    ]);
    expect(visibleAdminLinks(as('Store Manager'), SCREENS.adminFolders).map((l) => l.path)).toEqual([
      '/admin/user',
    ]);
    expect(visibleAdminLinks(as('Team Member'), SCREENS.adminFolders)).toEqual([]);
    // Platform operators read their own log (issue 32): tenant management and their sign-ins.
    expect(visibleAdminLinks(as('Platform Operator'), SCREENS.adminFolders).map((l) => l.path)).toEqual([
      '/admin/activity',
    ]);
  });

  it("shows a resource's own icon on its menu entry", () => {
    const iconOf = (name: string) => RESOURCES.find((r) => r.name === name)?.icon;
    const entry = (key: string) => MAIN_MENU.find((e) => e.key === key)?.icon;
    expect(entry('tenant')).toBe(iconOf('tenants'));
    expect(entry('workspace-info')).toBe(iconOf('stores'));
    const child = (key: string) =>
      MAIN_MENU.flatMap((e) => e.children ?? []).find((c) => c.key === key)?.icon;
    expect(child('actions')).toBe(iconOf('actions'));
  });
});
