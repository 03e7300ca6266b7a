import type { ServerModule } from '../module';
import { sessionRoutes } from './routes';

export const sessionModule: ServerModule = {
  name: 'session',
  routes: sessionRoutes,
};
