import type { ServerModule } from '../module';
import { reportsRollupJob } from './jobs/rollup';
import { reportRoutes } from './routes';

export const reportModule: ServerModule = {
  name: 'report',
  routes: reportRoutes,
  tags: {
    report: 'The six reports, as JSON, CSV or XLSX',
    dashboard: 'The dashboard’s summary figures',
  },
  jobs: [reportsRollupJob],
};
