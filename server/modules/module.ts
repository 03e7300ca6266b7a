import type { FastifyPluginAsync } from 'fastify';
import type { JobSettings } from '../lib/jobs';

/**
 * What a server module gives the app: its routes (a Fastify plugin that also starts its jobs'
 * workers), its jobs' queue settings (declared in its queues.ts), and the unique constraints of its tables whose violation means "already exists", with
 * the field and the sentence to answer (a race the service's own check did not see ends there).
 * A module's folder exports one of these from its index.ts; server/modules/index.ts lists them.
 */
export interface ServerModule {
  name: string;
  routes: FastifyPluginAsync;
  jobs?: Partial<JobSettings>;
  constraints?: Record<string, readonly [field: string, message: string]>;
}
