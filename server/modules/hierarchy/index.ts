import type { ServerModule } from '../module';
import { hierarchyRoutes } from './routes';

export const hierarchyModule: ServerModule = {
  name: 'hierarchy',
  routes: hierarchyRoutes,
  tags: {
    hierarchy: 'The organisation tree: areas and stores, and who is placed where',
  },
  constraints: {
    workspaces_identifier_uq: ['identifier', 'A {workspace_lower} with this identifier already exists'],
  },
};
