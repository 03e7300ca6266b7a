import type { ServerModule } from '../module';
import { auditRoutes } from './routes';

export const auditModule: ServerModule = {
  name: 'audit',
  routes: auditRoutes,
  tags: {
    audit: 'Reviewing submitted completions: approve or send back',
  },
};
