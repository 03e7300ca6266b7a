import type { ServerModule } from '../module';
import { ssoRoutes } from './routes';

export const ssoModule: ServerModule = {
  name: 'sso',
  routes: ssoRoutes,
};
