import type { ServerModule } from '../module';
import { importsRunJob } from './jobs/run';
import { importRoutes } from './routes';

export const importsModule: ServerModule = {
  name: 'imports',
  routes: importRoutes,
  jobs: [importsRunJob],
};
