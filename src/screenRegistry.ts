import { activity } from './customRoutes/activity';
import { ActivityHistory } from './customRoutes/activity/ActivityHistory';
import { audit } from './customRoutes/audit';
import { compliance } from './customRoutes/compliance';
import { dashboard } from './customRoutes/dashboard';
import { hierarchy } from './customRoutes/hierarchy';
import { imports } from './customRoutes/imports';
import { inspections } from './customRoutes/inspections';
import { placeholders } from './customRoutes/placeholders';
import { profile } from './customRoutes/profile';
import { reports } from './customRoutes/reports';
import { settings } from './customRoutes/settings';
import { withResourceAccess } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { actions } from './resources/actions';
import { departments } from './resources/departments';
import { formTemplates } from './resources/formTemplates';
import { myTasks } from './resources/myTasks';
import { profileFields } from './resources/profileFields';
import { roles } from './resources/roles';
import { stores } from './resources/stores';
import { tasks } from './resources/tasks';
import { tenants } from './resources/tenants';
import { users } from './resources/users';
import { workspaces } from './resources/workspaces';
import {
  type AppFolder,
  type AppResource,
  type AppRoute,
  isResource,
  type ScreenRegistry,
} from './routing/types';

/**
 * The one registration of the web app, at the top of its layers (README "Architecture"): every
 * screen folder, each declaring in its index.ts its routes (paths, access rule, pages) and, for a
 * react-admin resource, its module and API endpoints. Nothing below imports this file: AdminApp
 * hands the resources to the data and auth providers and the routes to the layout, so routes,
 * resources, endpoints, resource access and the administration links all come from this list; a
 * new folder is added here and nowhere else (the main navigation is spec §2's fixed order,
 * routing/menuItems.ts). Administration folders come in the order the user menu offers them.
 */
const FOLDERS: readonly AppFolder[] = [
  profile,
  tenants,
  users,
  workspaces,
  imports,
  hierarchy,
  roles,
  departments,
  profileFields,
  settings,
  activity,
  stores,
  tasks,
  myTasks,
  actions,
  audit,
  inspections,
  formTemplates,
  compliance,
  dashboard,
  reports,
  placeholders,
];

/** Every react-admin resource, registered in AdminApp as `<Resource name icon recordRepresentation>`. */
export const RESOURCES: readonly AppResource[] = FOLDERS.filter(isResource);

/** A folder's routes; a resource's are rendered inside its ResourceContextProvider. */
const routesOf = (folder: AppFolder): readonly AppRoute[] =>
  isResource(folder) ? folder.routes.map((route) => ({ ...route, resource: folder.name })) : folder.routes;

/** What the layout, the guard and the menus read of the registry (routing/ScreenRegistry.tsx). */
export const SCREENS: ScreenRegistry = {
  // Every authenticated route of spec §2.
  routes: FOLDERS.flatMap(routesOf),
  // The administration screens the user menu offers (spec §2's main navigation has none).
  adminFolders: FOLDERS.filter((folder) => folder.adminLink),
  profile,
  recordHistory: ActivityHistory,
};

/** The data provider of every registered resource: CRUD at the endpoints each folder declares. */
export const dataProvider = createDataProvider(RESOURCES);

/** The authProvider whose canAccess knows each registered resource's module. */
export const authProvider = withResourceAccess(RESOURCES);
