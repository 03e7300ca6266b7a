import type { ServerModule } from '../module';
import { activityRetentionJob } from './jobs/retention';
import { activityRoutes } from './routes';

export const activityModule: ServerModule = {
  name: 'activity',
  routes: activityRoutes,
  tags: {
    activity: 'The administration log: who changed what, and its export',
  },
  jobs: [activityRetentionJob],
};
