import type { ServerModule } from '../module';
import { workspaceRoutes } from './routes';

export const workspacesModule: ServerModule = {
  name: 'workspaces',
  routes: workspaceRoutes,
  tags: {
    workspaces: 'Workspaces (stores): addresses, time zones, opening and closing',
  },
};
