import type { ServerModule } from '../module';
import { activityRoutes } from './routes';

export const activityModule: ServerModule = { name: 'activity', routes: activityRoutes };
