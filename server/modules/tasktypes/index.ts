import type { ServerModule } from '../module';
import { taskTypeRoutes } from './routes';

export const tasktypesModule: ServerModule = {
  name: 'tasktypes',
  routes: taskTypeRoutes,
  constraints: {
    task_types_name_uq: ['name', 'A task type with this name already exists'],
  },
};
