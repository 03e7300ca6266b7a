import type { ServerModule } from '../module';
import { themeRoutes } from './routes';

export const themeModule: ServerModule = {
  name: 'theme',
  routes: themeRoutes,
  tags: {
    theme: 'The tenant’s colours and logo',
  },
};
