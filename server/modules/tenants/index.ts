import type { ServerModule } from '../module';
import { tenantRoutes } from './routes';

export const tenantsModule: ServerModule = {
  name: 'tenants',
  routes: tenantRoutes,
  tags: {
    tenants: 'Tenants, for platform operators (the admin tenant)',
  },
  constraints: {
    tenants_identifier_uq: ['identifier', 'A tenant with this identifier already exists'],
  },
};
