import type { ServerModule } from '../module';
import { reportJobs } from './queues';
import { reportRoutes } from './routes';

export const reportModule: ServerModule = {
  name: 'report',
  routes: reportRoutes,
  jobs: reportJobs,
};
