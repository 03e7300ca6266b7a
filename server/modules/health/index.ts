import type { ServerModule } from '../module';
import { healthRoutes } from './routes';

export const healthModule: ServerModule = {
  name: 'health',
  routes: healthRoutes,
};
