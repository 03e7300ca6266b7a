import { matchPath } from 'react-router-dom';
import { audit } from '../customRoutes/audit';
import { compliance } from '../customRoutes/compliance';
import { dashboard } from '../customRoutes/dashboard';
import { hierarchy } from '../customRoutes/hierarchy';
import { placeholders } from '../customRoutes/placeholders';
import { profile } from '../customRoutes/profile';
import { reports } from '../customRoutes/reports';
import { settings } from '../customRoutes/settings';
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
  ...audit.routes,
  ...compliance.routes,
  ...dashboard.routes,
  ...reports.routes,
  ...placeholders.routes,
];

/** The declared route a pathname falls under; undefined for /forbidden and unknown paths (not found). */
export function matchRoute(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => matchPath({ path: route.path, end: true }, path) !== null);
}
