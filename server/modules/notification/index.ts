import type { ServerModule } from '../module';
import { notificationsPushJob } from './jobs/push';
import { notificationsScanJob } from './jobs/scan';
import { notificationsSendJob } from './jobs/send';
import { notificationRoutes } from './routes';

export const notificationModule: ServerModule = {
  name: 'notification',
  routes: notificationRoutes,
  tags: {
    notification: 'Notifications, their preferences, web push and escalations',
  },
  jobs: [notificationsSendJob, notificationsPushJob, notificationsScanJob],
};
