import type { ServerModule } from '../module';
import { userRoutes } from './routes';

export const usersModule: ServerModule = {
  name: 'users',
  routes: userRoutes,
  tags: {
    users: 'People of the tenant, their positions (place and role), enabling and disabling',
  },
  constraints: {
    users_username_uq: ['username', 'A user with this username already exists'],
  },
};
