import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MyTaskCard, MyTaskCompleteBody } from '../../../contract/api/mytasks';
import type { Db } from '../../db/client';
import { completionRequests } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { conflict } from '../../lib/errors';

/** What makes two completions the same one: everything they ask, in a fixed order. */
function fingerprintOf(body: MyTaskCompleteBody): string {
  const asked = [
    body.assignment_id,
    body.outcome ?? 'done',
    body.comment ?? '',
    body.reason ?? '',
    body.checklist ?? [],
    body.attachments ?? [],
    body.acknowledged ?? false,
  ];
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

/**
 * Claims a completion's client id inside the completion's transaction (issue 30). The insert
 * is the check: a concurrent request with the same id waits on the primary key until the first
 * commits (then finds it taken and reads its answer) or rolls back (then claims it itself). No
 * read-then-write, so two identical requests at once still make one submission.
 *
 * Answers undefined when this request is the first, else the first one's answer.
 */
export async function claimCompletion(
  tx: Db,
  caller: Caller,
  clientId: string,
  body: MyTaskCompleteBody,
): Promise<MyTaskCard | undefined> {
  const fingerprint = fingerprintOf(body);
  const key = { tenantId: caller.tenantId, userId: caller.userId, clientId };
  const [claimed] = await tx
    .insert(completionRequests)
    .values({ ...key, assignmentId: body.assignment_id, fingerprint })
    .onConflictDoNothing()
    .returning({ clientId: completionRequests.clientId });
  if (claimed) return undefined;
  const [first] = await tx
    .select({ fingerprint: completionRequests.fingerprint, answer: completionRequests.answer })
    .from(completionRequests)
    .where(
      and(
        eq(completionRequests.tenantId, key.tenantId),
        eq(completionRequests.userId, key.userId),
        eq(completionRequests.clientId, clientId),
      ),
    );
  if (!first || first.fingerprint !== fingerprint || first.answer === null) {
    throw conflict(
      'This client_id was already used for a different completion; send this one with a new id.',
      { client_id: 'Make a new id for this completion' },
      'completion_id_reused',
    );
  }
  return first.answer as MyTaskCard;
}

/** Keeps the answer of a claimed completion, in the same transaction, for its replays. */
export async function keepCompletionAnswer(tx: Db, caller: Caller, clientId: string, answer: MyTaskCard) {
  await tx
    .update(completionRequests)
    .set({ answer })
    .where(
      and(
        eq(completionRequests.tenantId, caller.tenantId),
        eq(completionRequests.userId, caller.userId),
        eq(completionRequests.clientId, clientId),
      ),
    );
}
