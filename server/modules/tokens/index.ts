import type { ServerModule } from '../module';
import { tokenRoutes } from './routes';

export const tokensModule: ServerModule = {
  name: 'tokens',
  routes: tokenRoutes,
  constraints: {
    api_tokens_live_name_idx: ['name', 'An API token of this name is in use. Choose another name.'],
  },
};
