import type { FastifyPluginAsync } from 'fastify';
import type { AnyJob } from '../lib/jobs';

/**
 * What a server module gives the app: its routes (a Fastify plugin), its background jobs (one
 * file each under its jobs/ folder: see server/lib/jobs.ts; the app starts their workers), and the
 * unique constraints of its tables whose violation means "already exists", with the field and the
 * sentence to answer (a race the service's own check did not see ends there).
 * A module's folder exports one of these from its index.ts; server/modules/index.ts lists them.
 */
export interface ServerModule {
  name: string;
  routes?: FastifyPluginAsync;
  jobs?: readonly AnyJob[];
  constraints?: Record<string, readonly [field: string, message: string]>;
  /**
   * The OpenAPI tags its routes carry, each with what it groups, for programs reading the
   * document (server/plugins/openapi.ts declares them; a route's undeclared tag fails the lint).
   */
  tags?: Record<string, string>;
}
