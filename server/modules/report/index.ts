import type { ServerModule } from '../module';
import { reportsRollupJob } from './jobs/rollup';
import { reportRoutes } from './routes';

export const reportModule: ServerModule = {
  name: 'report',
  routes: reportRoutes,
  jobs: [reportsRollupJob],
};
