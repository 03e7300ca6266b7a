import type { ServerModule } from '../module';
import { settingRoutes } from './routes';

export const settingsModule: ServerModule = {
  name: 'settings',
  routes: settingRoutes,
};
