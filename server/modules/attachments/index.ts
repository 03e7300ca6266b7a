import type { ServerModule } from '../module';
import { attachmentRoutes } from './routes';

export const attachmentsModule: ServerModule = {
  name: 'attachments',
  routes: attachmentRoutes,
};
