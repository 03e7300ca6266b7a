import type { ServerModule } from '../module';
import { importsRunJob } from './jobs/run';
import { importRoutes } from './routes';

export const importsModule: ServerModule = {
  name: 'imports',
  routes: importRoutes,
  tags: {
    imports: 'Bulk imports of people and workspaces from CSV or XLSX',
  },
  jobs: [importsRunJob],
};
