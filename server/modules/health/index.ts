import type { ServerModule } from '../module';
import { databaseAnalyseJob } from './jobs/databaseAnalyse';
import { healthRoutes } from './routes';

export const healthModule: ServerModule = {
  name: 'health',
  routes: healthRoutes,
  tags: {
    health: 'Whether the server and its database answer',
  },
  jobs: [databaseAnalyseJob],
};
