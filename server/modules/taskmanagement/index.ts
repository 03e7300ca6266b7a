import type { ServerModule } from '../module';
import { taskmanagementJobs } from './queues';
import { taskManagementRoutes } from './routes';

export const taskmanagementModule: ServerModule = {
  name: 'taskmanagement',
  routes: taskManagementRoutes,
  jobs: taskmanagementJobs,
};
