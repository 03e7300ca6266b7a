import type { ServerModule } from '../module';
import { activityJobs } from './queues';
import { activityRoutes } from './routes';

export const activityModule: ServerModule = { name: 'activity', routes: activityRoutes, jobs: activityJobs };
