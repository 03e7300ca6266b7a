import { matchPath } from 'react-router-dom';
import { activity } from '../customRoutes/activity';
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
import { type AppFolder, type AppPages, type AppResource, type AppRoute, isResource } from './types';

/**
 * The one registration of the web app: every screen folder, each declaring in its index.ts its
 * routes (paths, access rule, pages) and, for a react-admin resource, its module and API
 * endpoints. Routes, resources, endpoints, resource access and the administration links all
 * come from this list; a new folder is added here and nowhere else (the main navigation is
 * spec §2's fixed order, routing/menuItems.ts). Administration folders come in the order the
 * user menu offers them.
 */
const FOLDERS: readonly AppFolder[] = [
  profile,
  tenants,
  users,
  workspaces,
  hierarchy,
  roles,
  departments,
  profileFields,
  settings,
  activity,
  stores,
  tasks,
  myTasks,
  audit,
  compliance,
  dashboard,
  reports,
  placeholders,
];

/** Every react-admin resource, registered in AdminApp as `<Resource name icon recordRepresentation>`. */
export const RESOURCES: readonly AppResource[] = FOLDERS.filter(isResource);

/** The administration screens the user menu offers (spec §2's main navigation has none). */
export const ADMIN_FOLDERS: readonly AppPages[] = FOLDERS.filter((folder) => folder.adminLink);

/** A folder's routes; a resource's are rendered inside its ResourceContextProvider. */
const routesOf = (folder: AppFolder): readonly AppRoute[] =>
  isResource(folder) ? folder.routes.map((route) => ({ ...route, resource: folder.name })) : folder.routes;

/** Every authenticated route of spec §2. */
export const APP_ROUTES: readonly AppRoute[] = FOLDERS.flatMap(routesOf);

/** The declared route a pathname falls under; undefined for /forbidden and unknown paths (not found). */
export function matchRoute(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => matchPath({ path: route.path, end: true }, path) !== null);
}

/** The registered resource of that name, if any ("users.role", a field of a resource, is its resource). */
export function resourceNamed(resource: string): AppResource | undefined {
  const base = resource.trim().toLowerCase().split('.')[0] ?? '';
  return RESOURCES.find((r) => r.name === base);
}
