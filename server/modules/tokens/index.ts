import type { ServerModule } from '../module';
import { tokenRoutes } from './routes';

export const tokensModule: ServerModule = {
  name: 'tokens',
  routes: tokenRoutes,
  tags: {
    tokens: 'API tokens: a program’s credentials, acting at their creator’s position within their scopes',
  },
  constraints: {
    api_tokens_live_name_idx: ['name', 'An API token of this name is in use. Choose another name.'],
  },
};
