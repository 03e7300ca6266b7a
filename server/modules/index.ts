import { catalogueOf } from '../lib/jobs';
import { actionsModule } from './actions';
import { activityModule } from './activity';
import { attachmentsModule } from './attachments';
import { auditModule } from './audit';
import { complianceModule } from './compliance';
import { departmentsModule } from './departments';
import { formTemplatesModule } from './formtemplates';
import { healthModule } from './health';
import { hierarchyModule } from './hierarchy';
import { importsModule } from './imports';
import { inspectionsModule } from './inspections';
import { mailModule } from './mail';
import type { ServerModule } from './module';
import { mytasksModule } from './mytasks';
import { notificationModule } from './notification';
import { profileModule } from './profile';
import { profileFieldsModule } from './profileFields';
import { reportModule } from './report';
import { rolesModule } from './roles';
import { scimModule } from './scim';
import { sessionModule } from './session';
import { settingsModule } from './settings';
import { ssoModule } from './sso';
import { storeinfoModule } from './storeinfo';
import { taskmanagementModule } from './taskmanagement';
import { tasktypesModule } from './tasktypes';
import { tenantsModule } from './tenants';
import { themeModule } from './theme';
import { tokensModule } from './tokens';
import { usersModule } from './users';
import { webhooksModule } from './webhooks';
import { workspacesModule } from './workspaces';

/**
 * Every server module, in the order their routes register (the only list to add a module to on
 * this side: its folder exports the module from index.ts; see the README's "Adding a module").
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  healthModule,
  mailModule,
  sessionModule,
  profileModule,
  usersModule,
  rolesModule,
  departmentsModule,
  profileFieldsModule,
  themeModule,
  tenantsModule,
  settingsModule,
  ssoModule,
  tokensModule,
  scimModule,
  hierarchyModule,
  workspacesModule,
  storeinfoModule,
  mytasksModule,
  auditModule,
  formTemplatesModule,
  inspectionsModule,
  actionsModule,
  complianceModule,
  reportModule,
  tasktypesModule,
  taskmanagementModule,
  attachmentsModule,
  importsModule,
  activityModule,
  notificationModule,
  webhooksModule,
];

/** Every background job, as the modules declare them: the jobs plugin starts their workers. */
export const JOBS = catalogueOf(SERVER_MODULES.flatMap((m) => m.jobs ?? []));
