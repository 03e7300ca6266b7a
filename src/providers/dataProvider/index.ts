import { actionMethods } from './actions';
import { activityMethods } from './activity';
import { auditMethods } from './audit';
import { complianceMethods } from './compliance';
import { crudMethods } from './crud';
import type { ResourceApi } from './endpoints';
import { formTemplateMethods } from './formTemplates';
import { hierarchyMethods } from './hierarchy';
import { importMethods } from './imports';
import { myTaskMethods } from './mytasks';
import { notificationMethods } from './notifications';
import { profileMethods } from './profile';
import { reportMethods } from './reports';
import { sessionMethods } from './sessions';
import { settingsMethods } from './settings';
import { taskMethods } from './tasks';
import { taskTypeMethods } from './taskTypes';
import { tenantMethods } from './tenants';
import { userMethods } from './users';
import { webhookMethods } from './webhooks';
import { workspaceMethods } from './workspaces';

/**
 * The one way screens reach the API (as in react-admin's Atomic CRM): react-admin's CRUD for the
 * registered resources (their endpoints, handed in by src/screenRegistry.ts), plus a custom method
 * per other call, grouped by module. Screens call custom methods through
 * `useDataProvider<AppDataProvider>()` inside react-query's `useQuery`/`useMutation`, so a 401 or
 * 406 reaches the authProvider's checkError like any other.
 */
export const createDataProvider = (resources: readonly ResourceApi[]) => ({
  ...crudMethods(resources),
  ...userMethods,
  ...tenantMethods,
  ...workspaceMethods,
  ...hierarchyMethods,
  ...profileMethods,
  ...sessionMethods,
  ...settingsMethods,
  ...taskMethods,
  ...taskTypeMethods,
  ...myTaskMethods,
  ...auditMethods,
  ...complianceMethods,
  ...reportMethods,
  ...importMethods,
  ...activityMethods,
  ...notificationMethods,
  ...webhookMethods,
  ...formTemplateMethods,
  ...actionMethods,
});

export type AppDataProvider = ReturnType<typeof createDataProvider>;
