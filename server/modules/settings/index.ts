import type { ServerModule } from '../module';
import { settingRoutes } from './routes';

export const settingsModule: ServerModule = {
  name: 'settings',
  routes: settingRoutes,
  tags: {
    settings: 'The tenant’s settings: terms, modules, language, week start',
  },
};
