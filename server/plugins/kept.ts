import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KeptAnswers } from '../lib/keptAnswers';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's kept answers, keyed by the versions the guard read (lib/keptAnswers.ts). */
    kept: KeptAnswers;
  }
}

export const keptPlugin = fp(
  async (app: FastifyInstance, opts: { on: boolean }) => {
    app.decorate('kept', new KeptAnswers(undefined, opts.on));
  },
  { name: 'kept' },
);
