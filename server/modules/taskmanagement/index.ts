import type { ServerModule } from '../module';
import { taskManagementRoutes } from './routes';

export const taskmanagementModule: ServerModule = {
  name: 'taskmanagement',
  routes: taskManagementRoutes,
};
