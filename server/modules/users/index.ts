import type { ServerModule } from '../module';
import { userRoutes } from './routes';

export const usersModule: ServerModule = {
  name: 'users',
  routes: userRoutes,
  constraints: {
    users_username_uq: ['username', 'A user with this username already exists'],
  },
};
