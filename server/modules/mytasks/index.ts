import type { ServerModule } from '../module';
import { mytasksJobs } from './queues';
import { myTaskRoutes } from './routes';

export const mytasksModule: ServerModule = {
  name: 'mytasks',
  routes: myTaskRoutes,
  jobs: mytasksJobs,
};
