import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { completionRequests } from '../../db/schema';

/**
 * How long a completion's client id answers a replay. A phone sends its queue when it is back
 * online; a month covers any shift away from signal, and after it a replay is a new completion.
 */
export const REPLAY_WINDOW_DAYS = 30;

/** Deletes the client ids older than the replay window (every tenant: the periodic job's sweep). */
export async function forgetOldCompletionIds(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REPLAY_WINDOW_DAYS * 86_400_000);
  const gone = await db
    .delete(completionRequests)
    .where(lt(completionRequests.createdAt, before))
    .returning({ clientId: completionRequests.clientId });
  return gone.length;
}
