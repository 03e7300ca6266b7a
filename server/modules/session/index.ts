import type { ServerModule } from '../module';
import { passwordForgotJob } from './jobs/passwordForgot';
import { sessionsSweepJob } from './jobs/sweep';
import { sessionRoutes } from './routes';

export const sessionModule: ServerModule = {
  name: 'session',
  routes: sessionRoutes,
  tags: {
    session:
      'Sign in and out, the signed-in person with their positions and permissions, forgotten passwords',
  },
  jobs: [sessionsSweepJob, passwordForgotJob],
};
