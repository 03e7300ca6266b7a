import type { ServerModule } from '../module';
import { reportRoutes } from './routes';

export const reportModule: ServerModule = {
  name: 'report',
  routes: reportRoutes,
};
