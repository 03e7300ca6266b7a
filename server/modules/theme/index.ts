import type { ServerModule } from '../module';
import { themeRoutes } from './routes';

export const themeModule: ServerModule = {
  name: 'theme',
  routes: themeRoutes,
};
