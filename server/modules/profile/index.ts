import type { ServerModule } from '../module';
import { profileRoutes } from './routes';

export const profileModule: ServerModule = {
  name: 'profile',
  routes: profileRoutes,
  tags: {
    profile: 'The signed-in person’s own profile, picture and password',
  },
};
