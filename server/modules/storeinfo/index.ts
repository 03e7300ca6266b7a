import type { ServerModule } from '../module';
import { storeInfoRoutes } from './routes';

export const storeinfoModule: ServerModule = {
  name: 'storeinfo',
  routes: storeInfoRoutes,
  tags: {
    'store info': 'Read-only store information for everyone who works there',
  },
};
