import type { MyTaskCompleteBody } from '../../../contract/api/mytasks';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { type LockedAssignment, ownFiles } from './repository';

export interface Evidence {
  outcome: 'done' | 'cannot_do';
  comment: string;
  reason: string | null;
  checklist: boolean[];
  hashes: string[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Checks a completion against the task's evidence rules and answers 400 with one field error per
 * thing missing, so the form can point at each. Photos and files are told apart by what the
 * upload detected (task_files.kind), and only the caller's own uploads count.
 */
export async function checkEvidence(
  db: Db,
  caller: Caller,
  task: LockedAssignment,
  body: MyTaskCompleteBody,
): Promise<Evidence> {
  const errors: Record<string, string> = {};
  const outcome = body.outcome ?? 'done';
  const comment = (body.comment ?? '').trim();
  const reason = (body.reason ?? '').trim();
  const hashes = [...new Set(body.attachments ?? [])];
  const checklist = task.checklist.map((_, i) => body.checklist?.[i] === true);

  const files = await ownFiles(db, caller.tenantId, caller.userId, hashes);
  if (files.length < hashes.length) {
    errors.attachments = 'Some files were not uploaded by you; upload them again and retry';
  }

  if (outcome === 'cannot_do') {
    if (!reason) errors.reason = 'Say why this cannot be done';
  } else {
    if (task.evidenceComment && !comment) errors.comment = 'Add a comment';
    const photos = files.filter((f) => f.kind === 'photo').length;
    const documents = files.filter((f) => f.kind === 'document').length;
    if (photos < task.evidencePhotos)
      errors.photos = `Add ${plural(task.evidencePhotos, 'photo')} (${photos} attached)`;
    if (documents < task.evidenceFiles)
      errors.files = `Attach ${plural(task.evidenceFiles, 'file')} (${documents} attached)`;
    task.checklist.forEach((step, i) => {
      if (!checklist[i]) errors[`checklist.${i}`] = `Tick "${step}"`;
    });
  }

  const count = Object.keys(errors).length;
  if (count > 0) {
    const first = Object.values(errors)[0]!;
    throw badRequest(count === 1 ? first : `${first}, and ${count - 1} more to fix`, errors);
  }
  return { outcome, comment, reason: outcome === 'cannot_do' ? reason : null, checklist, hashes };
}
