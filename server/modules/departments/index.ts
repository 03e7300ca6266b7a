import type { ServerModule } from '../module';
import { departmentRoutes } from './routes';

export const departmentsModule: ServerModule = {
  name: 'departments',
  routes: departmentRoutes,
  tags: {
    departments: 'Departments that label tasks',
  },
  constraints: {
    departments_name_uq: ['name', 'A department with this name already exists'],
  },
};
