import type { ServerModule } from '../module';
import { completionsForgetJob } from './jobs/forget';
import { myTaskRoutes } from './routes';

export const mytasksModule: ServerModule = {
  name: 'mytasks',
  routes: myTaskRoutes,
  tags: {
    mytasks: 'A store’s work: its day, its urgent tasks and completing them',
  },
  jobs: [completionsForgetJob],
};
