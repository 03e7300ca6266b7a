import type { ServerModule } from '../module';
import { roleRoutes } from './routes';

export const rolesModule: ServerModule = {
  name: 'roles',
  routes: roleRoutes,
  tags: {
    roles: 'Roles: named sets of permissions per module (spec §6)',
  },
  constraints: {
    roles_name_uq: ['name', 'A role with this name already exists'],
  },
};
