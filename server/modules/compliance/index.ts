import type { ServerModule } from '../module';
import { complianceRoutes } from './routes';

export const complianceModule: ServerModule = {
  name: 'compliance',
  routes: complianceRoutes,
  tags: {
    compliance: 'Compliance checks by store or area, and their export',
  },
};
