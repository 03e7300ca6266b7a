import type { ServerModule } from '../module';
import { actionsEscalateJob } from './jobs/escalate';
import { actionRoutes } from './routes';

/** Actions tracked to closure (issue 49): README "Actions". */
export const actionsModule: ServerModule = {
  name: 'actions',
  routes: actionRoutes,
  jobs: [actionsEscalateJob],
  tags: {
    actions: 'Problems at stores tracked to closure: raised by hand, from inspections and from tasks',
  },
};
