import type { ServerModule } from '../module';
import { completionsForgetJob } from './jobs/forget';
import { myTaskRoutes } from './routes';

export const mytasksModule: ServerModule = {
  name: 'mytasks',
  routes: myTaskRoutes,
  jobs: [completionsForgetJob],
};
