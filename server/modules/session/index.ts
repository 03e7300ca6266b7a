import type { ServerModule } from '../module';
import { passwordForgotJob } from './jobs/passwordForgot';
import { sessionsSweepJob } from './jobs/sweep';
import { sessionRoutes } from './routes';

export const sessionModule: ServerModule = {
  name: 'session',
  routes: sessionRoutes,
  jobs: [sessionsSweepJob, passwordForgotJob],
};
