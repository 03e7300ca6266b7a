import type { FastifyInstance } from 'fastify';
import { sweepAttemptWindows } from '../../lib/attemptWindows';
import { deleteExpiredSessions } from './service';

/** How often expired sessions and closed attempt windows are deleted. */
export const SWEEP_EVERY_SECONDS = 3600;

/**
 * An expired session is refused by every request already; `sessions.sweep` deletes the rows once
 * an hour, in one process (a periodic job: see server/lib/periodic.ts). The closed windows of
 * sign-in attempts go too: they count for nothing, and they name people and addresses.
 */
export default async function sessionSweep(app: FastifyInstance) {
  app.jobs.work('sessions.sweep', async () => {
    await deleteExpiredSessions(app.db);
    await sweepAttemptWindows(app.database.db, Date.now());
  });
  app.jobs.every('sessions.sweep', SWEEP_EVERY_SECONDS, {});
}
