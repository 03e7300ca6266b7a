import type { FastifyInstance } from 'fastify';
import { deleteExpiredSessions } from './service';

/** How often expired sessions are deleted. */
export const SWEEP_EVERY_SECONDS = 3600;

/**
 * An expired session is refused by every request already; `sessions.sweep` deletes the rows once
 * an hour, in one process (a periodic job: see server/lib/periodic.ts).
 */
export default async function sessionSweep(app: FastifyInstance) {
  app.jobs.work('sessions.sweep', async () => {
    await deleteExpiredSessions(app.db);
  });
  app.jobs.every('sessions.sweep', SWEEP_EVERY_SECONDS, {});
}
