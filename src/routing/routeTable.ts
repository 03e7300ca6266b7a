import { matchPath } from 'react-router-dom';
import { hierarchy } from '../customRoutes/hierarchy';
import { comingSoon, placeholders } from '../customRoutes/placeholders';
import { profile } from '../customRoutes/profile';
import { settings } from '../customRoutes/settings';
import { needs } from '../providers/accessControl';
import { departments } from '../resources/departments';
import { myTasks } from '../resources/myTasks';
import { profileFields } from '../resources/profileFields';
import { roles } from '../resources/roles';
import { stores } from '../resources/stores';
import { tasks } from '../resources/tasks';
import { tenants } from '../resources/tenants';
import { users } from '../resources/users';
import { workspaces } from '../resources/workspaces';
import type { AppResource, AppRoute } from './types';

/**
 * Every react-admin resource of the app, each registered in AdminApp as
 * `<Resource name icon recordRepresentation>`. A new resource folder is added here.
 */
export const RESOURCES: readonly AppResource[] = [
  tenants,
  users,
  workspaces,
  roles,
  departments,
  profileFields,
  stores,
  tasks,
];

/** A resource's routes, each to be rendered inside its ResourceContextProvider. */
const routesOf = (resource: AppResource): AppRoute[] =>
  resource.routes.map((route) => ({ ...route, resource: resource.name }));

/**
 * Every authenticated route of spec §2. Folders declare their own routes (paths, access rule,
 * pages); this table only composes them, plus the screens later releases deliver.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  ...profile.routes,
  ...RESOURCES.flatMap(routesOf),
  ...hierarchy.routes,
  ...settings.routes,
  ...myTasks.routes,
  ...placeholders.routes,

  // The task modules replace these with their folders' routes.
  comingSoon('/dashboard', needs('dashboard', 'read'), 'pages.dashboard'),
  // The navigation of spec §2 links Compliance at /task/compliance although the route table omits
  // it; it is the compliance module's screen, so it needs compliance.read like its menu entry.
  comingSoon('/task/compliance', needs('compliance', 'read'), 'pages.compliance'),
  // "/audit" is the Audit menu parent's path; it forwards to its first sub-page.
  { path: '/audit', access: needs('audit', 'read'), title: 'pages.audit_task', redirect: '/audit/task' },
  comingSoon('/audit/task', needs('audit', 'read'), 'pages.audit_task'),
  comingSoon('/audit/store', needs('audit', 'read'), 'pages.audit_store'),
  // Spec §2 leaves the report capability unshown; read is what the Reports menu entry needs.
  {
    path: '/report',
    access: needs('report', 'read'),
    title: 'pages.report_overall',
    redirect: '/report/overall',
  },
  comingSoon('/report/overall', needs('report', 'read'), 'pages.report_overall'),
  comingSoon('/report/completion-first-time', needs('report', 'read'), 'pages.report_completion_first_time'),
  comingSoon(
    '/report/completion-first-time-trend',
    needs('report', 'read'),
    'pages.report_completion_first_time_trend',
  ),
  comingSoon(
    '/report/state-area-performance',
    needs('report', 'read'),
    'pages.report_state_area_performance',
  ),
  comingSoon(
    '/report/store-area-performance',
    needs('report', 'read'),
    'pages.report_store_area_performance',
  ),
  comingSoon(
    '/report/team-member-performance',
    needs('report', 'read'),
    'pages.report_team_member_performance',
  ),
];

/** The declared route a pathname falls under; undefined for /forbidden and unknown paths (not found). */
export function matchRoute(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => matchPath({ path: route.path, end: true }, path) !== null);
}
