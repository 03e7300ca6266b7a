import type { ServerModule } from '../module';
import { hierarchyRoutes } from './routes';

export const hierarchyModule: ServerModule = {
  name: 'hierarchy',
  routes: hierarchyRoutes,
  constraints: {
    workspaces_identifier_uq: ['identifier', 'A {workspace_lower} with this identifier already exists'],
  },
};
