import { COMPLETION_CONFLICTS, type CompletionConflict } from '../../contract/api/mytasks';
import type { QueueProblem } from './queueStore';

const isConflict = (code: string | undefined): code is CompletionConflict =>
  (COMPLETION_CONFLICTS as readonly string[]).includes(code ?? '');

/** The i18n key and options that say, in the person's language, why the server refused. */
export function problemText(problem: QueueProblem): { key: string; options?: Record<string, unknown> } {
  if (isConflict(problem.code)) return { key: `offline.conflict_${problem.code}` };
  if (problem.status === 404) return { key: 'offline.conflict_not_found' };
  if (problem.status === 403) return { key: 'offline.conflict_forbidden' };
  if (problem.status === 400)
    return { key: 'offline.conflict_invalid', options: { message: problem.message } };
  return { key: 'offline.conflict_other', options: { message: problem.message } };
}
