import type { ServerModule } from '../module';
import { taskTypeRoutes } from './routes';

export const tasktypesModule: ServerModule = {
  name: 'tasktypes',
  routes: taskTypeRoutes,
  tags: {
    'task types': 'Task types (Urgent, Task, Communication…) and their order',
  },
  constraints: {
    task_types_name_uq: ['name', 'A task type with this name already exists'],
  },
};
