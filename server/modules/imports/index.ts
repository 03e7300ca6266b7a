import type { ServerModule } from '../module';
import { importRoutes } from './routes';

export const importsModule: ServerModule = {
  name: 'imports',
  routes: importRoutes,
};
