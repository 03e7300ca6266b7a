import type { ServerModule } from '../module';
import { notificationRoutes } from './routes';

export const notificationModule: ServerModule = {
  name: 'notification',
  routes: notificationRoutes,
};
