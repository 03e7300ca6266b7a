import type { ServerModule } from '../module';
import { sessionJobs } from './queues';
import { sessionRoutes } from './routes';

export const sessionModule: ServerModule = {
  name: 'session',
  routes: sessionRoutes,
  jobs: sessionJobs,
};
