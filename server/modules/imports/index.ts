import type { ServerModule } from '../module';
import { importsJobs } from './queues';
import { importRoutes } from './routes';

export const importsModule: ServerModule = {
  name: 'imports',
  routes: importRoutes,
  jobs: importsJobs,
};
