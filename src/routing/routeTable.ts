import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router-dom';
import type { Capability, ModuleId } from '../../contract/modules';
import type { AccessRule } from '../providers/accessControl';
import { departments } from '../resources/departments';
import { roles } from '../resources/roles';
import { tenants } from '../resources/tenants';
import { users } from '../resources/users';
import { workspaces } from '../resources/workspaces';

/** What every routed page receives: its translated title. */
export interface PageProps {
  title: string;
  /** Translated one-line purpose of the screen, when the route declares one. */
  description?: string;
}

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * One authenticated route of spec §2. `access` is what the guard checks; `title` is an i18n key.
 * Later issues replace a route's `page` with the real screen; the declaration stays here.
 */
export interface AppRoute {
  path: string;
  access: AccessRule;
  title: string;
  /** i18n key of a one-line purpose (placeholder pages show it). */
  description?: string;
  page?: Page;
  /** Routes that only forward (spec §2 "/report redirects to /report/overall"). */
  redirect?: string;
}

// Screens are lazy so the first load carries none of them (design §8).
const ComingSoon: Page = lazy(() => import('../customRoutes/ComingSoonPage'));
const UnderDevelopment: Page = lazy(() => import('../customRoutes/placeholders/UnderDevelopmentPage'));
const ProfilePage: Page = lazy(() => import('../customRoutes/profile/ProfilePage'));
const ProfileManagementPage: Page = lazy(
  () => import('../customRoutes/profileManagement/ProfileManagementPage'),
);
const HierarchyPage: Page = lazy(() => import('../customRoutes/hierarchy/HierarchyPage'));
const StoreInfoList: Page = lazy(() => import('../customRoutes/storeinfo/StoreInfoListPage'));
const StoreInfoDetail: Page = lazy(() => import('../customRoutes/storeinfo/StoreInfoDetailPage'));

const needs = (module: ModuleId, ...can: Capability[]): AccessRule => ({
  module,
  can: can.length ? can : ['read'],
});

/**
 * Spec §2 does not give the placeholder modules (library, insights, orders, survey) a module id
 * and §6 has none to give, so no role can withhold them: every user of a customer tenant may open
 * them, and platform operators (admin tenant, who see only Tenant) may not.
 */
const placeholder: AccessRule = { placeholder: true };

const soon = (path: string, access: AccessRule, title: string): AppRoute => ({
  path,
  access,
  title,
  page: ComingSoon,
});
const underDevelopment = (path: string, key: string): AppRoute => ({
  path,
  access: placeholder,
  title: `pages.${key}`,
  description: `placeholders.${key}`,
  page: UnderDevelopment,
});

/** Every authenticated route of spec §2 with its module and capabilities. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/profile', access: needs('profile', 'read'), title: 'pages.profile', page: ProfilePage },

  {
    path: '/tenant-management',
    access: needs('tenant', 'read', 'update'),
    title: 'pages.tenant_management',
    page: tenants.list,
  },
  {
    path: '/tenant-management/create',
    access: needs('tenant', 'create'),
    title: 'pages.tenant_create',
    page: tenants.create,
  },
  {
    path: '/tenant-management/edit/:id',
    access: needs('tenant', 'update'),
    title: 'pages.tenant_edit',
    page: tenants.edit,
  },

  soon('/dashboard', needs('dashboard', 'read'), 'pages.dashboard'),

  { path: '/admin/user', access: needs('user', 'read', 'update'), title: 'pages.users', page: users.list },
  {
    path: '/admin/user/create',
    access: needs('user', 'create'),
    title: 'pages.user_create',
    page: users.create,
  },
  {
    path: '/admin/user/edit/:id',
    access: needs('user', 'update'),
    title: 'pages.user_edit',
    page: users.edit,
  },
  soon('/admin/user/import', needs('user', 'create'), 'pages.user_import'),

  {
    path: '/admin/workspace',
    access: needs('workspace', 'read', 'update'),
    title: 'pages.workspaces',
    page: workspaces.list,
  },
  {
    path: '/admin/workspace/detail/:id',
    access: needs('workspace', 'read'),
    title: 'pages.workspace_detail',
    page: workspaces.show,
  },
  {
    path: '/admin/workspace/create',
    access: needs('workspace', 'create'),
    title: 'pages.workspace_create',
    page: workspaces.create,
  },
  {
    path: '/admin/workspace/edit/:id',
    access: needs('workspace', 'update'),
    title: 'pages.workspace_edit',
    page: workspaces.edit,
  },
  soon('/admin/workspace/import', needs('workspace', 'create'), 'pages.workspace_import'),

  {
    path: '/admin/hierarchy',
    access: needs('hierarchy', 'read', 'update'),
    title: 'pages.hierarchy',
    page: HierarchyPage,
  },

  { path: '/admin/role', access: needs('role', 'read', 'update'), title: 'pages.roles', page: roles.list },
  {
    path: '/admin/role/detail/:id',
    access: needs('role', 'read'),
    title: 'pages.role_detail',
    page: roles.show,
  },
  // With an id the create screen duplicates that role (spec §2).
  {
    path: '/admin/role/create/:id?',
    access: needs('role', 'create'),
    title: 'pages.role_create',
    page: roles.create,
  },
  {
    path: '/admin/role/edit/:id',
    access: needs('role', 'update'),
    title: 'pages.role_edit',
    page: roles.edit,
  },

  {
    path: '/admin/department',
    access: needs('department', 'read', 'update'),
    title: 'pages.departments',
    page: departments.list,
  },
  {
    path: '/admin/department/detail/:id',
    access: needs('department', 'read'),
    title: 'pages.department_detail',
    page: departments.show,
  },
  {
    path: '/admin/department/create/:id?',
    access: needs('department', 'create'),
    title: 'pages.department_create',
    page: departments.create,
  },
  {
    path: '/admin/department/edit/:id',
    access: needs('department', 'update'),
    title: 'pages.department_edit',
    page: departments.edit,
  },

  {
    path: '/admin/profile-management',
    access: needs('profilemanagement', 'read', 'update'),
    title: 'pages.profile_management',
    page: ProfileManagementPage,
  },

  soon('/task', needs('mytasks', 'read'), 'pages.my_tasks'),
  soon('/task/management', needs('taskmanagement', 'read'), 'pages.task_management'),
  soon('/task/management/detail/:id', needs('taskmanagement', 'read'), 'pages.task_detail'),
  soon('/task/management/create/:id?', needs('taskmanagement', 'create'), 'pages.task_create'),
  soon('/task/management/edit/:id', needs('taskmanagement', 'update'), 'pages.task_edit'),
  // The navigation of spec §2 links Compliance at /task/compliance although the route table omits
  // it; it is the compliance module's screen, so it needs compliance.read like its menu entry.
  soon('/task/compliance', needs('compliance', 'read'), 'pages.compliance'),

  // "/audit" is the Audit menu parent's path; it forwards to its first sub-page.
  { path: '/audit', access: needs('audit', 'read'), title: 'pages.audit_task', redirect: '/audit/task' },
  soon('/audit/task', needs('audit', 'read'), 'pages.audit_task'),
  soon('/audit/store', needs('audit', 'read'), 'pages.audit_store'),

  // Spec §2 leaves the report capability unshown; read is what the Reports menu entry needs.
  {
    path: '/report',
    access: needs('report', 'read'),
    title: 'pages.report_overall',
    redirect: '/report/overall',
  },
  soon('/report/overall', needs('report', 'read'), 'pages.report_overall'),
  soon('/report/completion-first-time', needs('report', 'read'), 'pages.report_completion_first_time'),
  soon(
    '/report/completion-first-time-trend',
    needs('report', 'read'),
    'pages.report_completion_first_time_trend',
  ),
  soon('/report/state-area-performance', needs('report', 'read'), 'pages.report_state_area_performance'),
  soon('/report/store-area-performance', needs('report', 'read'), 'pages.report_store_area_performance'),
  soon('/report/team-member-performance', needs('report', 'read'), 'pages.report_team_member_performance'),

  underDevelopment('/library', 'library'),
  underDevelopment('/insight', 'insights'),
  underDevelopment('/insight/observation', 'observation'),
  underDevelopment('/insight/idea', 'idea'),
  underDevelopment('/insight/feedback', 'feedback'),
  underDevelopment('/insight/barometer', 'barometer'),
  underDevelopment('/insight/barometer-management', 'barometer_management'),
  underDevelopment('/order', 'orders'),
  underDevelopment('/survey', 'survey'),
  underDevelopment('/survey/management', 'survey_management'),

  {
    path: '/workspace',
    access: needs('storeinfo', 'read'),
    title: 'pages.workspace_info',
    page: StoreInfoList,
  },
  {
    path: '/workspace/detail/:id',
    access: needs('storeinfo', 'read'),
    title: 'pages.workspace_info_detail',
    page: StoreInfoDetail,
  },

  {
    path: '/settings',
    access: needs('setting', 'read', 'update'),
    title: 'pages.settings',
    page: lazy(() => import('../customRoutes/settings/SettingsPage')),
  },
];

/** The declared route a pathname falls under; undefined for /forbidden and unknown paths (not found). */
export function matchRoute(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => matchPath({ path: route.path, end: true }, path) !== null);
}
