import type { ServerModule } from '../module';
import { ssoRoutes } from './routes';

export const ssoModule: ServerModule = {
  name: 'sso',
  routes: ssoRoutes,
  tags: {
    sso: 'Single sign-on through the tenant’s OpenID Connect provider',
  },
};
