import type { ServerModule } from '../module';
import { myTaskRoutes } from './routes';

export const mytasksModule: ServerModule = {
  name: 'mytasks',
  routes: myTaskRoutes,
};
