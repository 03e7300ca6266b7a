import type { FastifyPluginAsync } from 'fastify';
import { SCIM_BASE_PATH } from '../../../contract/api/scim';
import type { ServerModule } from '../module';
import { scimProtocolRoutes } from './protocolRoutes';
import { scimManagementRoutes } from './routes';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(scimManagementRoutes);
  await app.register(scimProtocolRoutes, { prefix: SCIM_BASE_PATH });
};

export const scimModule: ServerModule = {
  name: 'scim',
  routes,
  tags: {
    scim: 'Provisioning from the company’s directory (SCIM 2.0): its tokens, what its DELETE does, and the positions its groups give',
  },
  constraints: {
    scim_tokens_name_uq: ['name', 'A SCIM token of this name exists already. Choose another name.'],
    scim_groups_name_uq: ['display_name', 'A group of this name exists already.'],
  },
};
