import type { ServerModule } from '../module';
import { notificationJobs } from './queues';
import { notificationRoutes } from './routes';

export const notificationModule: ServerModule = {
  name: 'notification',
  routes: notificationRoutes,
  jobs: notificationJobs,
};
