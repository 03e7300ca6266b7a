import type { ServerModule } from '../module';
import { attachmentRoutes } from './routes';

export const attachmentsModule: ServerModule = {
  name: 'attachments',
  routes: attachmentRoutes,
  tags: {
    'task files': 'Files and photos of tasks and completions: upload, download, thumbnails',
  },
};
