import type { ServerModule } from '../module';
import { tasksMaterialiseJob } from './jobs/materialise';
import { taskManagementRoutes } from './routes';

export const taskmanagementModule: ServerModule = {
  name: 'taskmanagement',
  routes: taskManagementRoutes,
  tags: {
    'task management': 'Writing, publishing, editing and archiving tasks sent to stores',
  },
  jobs: [tasksMaterialiseJob],
};
