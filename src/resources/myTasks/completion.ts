import type { EvidenceRules } from '../../../contract/api/mytasks';

interface CompletionDraft {
  outcome: 'done' | 'cannot_do';
  comment: string;
  reason: string;
  checklist: readonly boolean[];
  /** Uploaded (finished) photos and documents. */
  photos: number;
  documents: number;
}

/** A field error: an i18n key under my_tasks and its options. */
type FieldProblem = { key: string; options?: Record<string, unknown> };

/**
 * The evidence rules checked before sending, with the same field names the server's 400 uses
 * (comment, photos, files, checklist.N, reason), so one place in the form shows either.
 */
export function checkCompletion(rules: EvidenceRules, draft: CompletionDraft): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  if (draft.outcome === 'cannot_do') {
    if (!draft.reason.trim()) problems.reason = { key: 'need_reason' };
    return problems;
  }
  if (rules.comment && !draft.comment.trim()) problems.comment = { key: 'need_comment' };
  if (draft.photos < rules.photos)
    problems.photos = { key: 'need_photos', options: { smart_count: rules.photos } };
  if (draft.documents < rules.files)
    problems.files = { key: 'need_files', options: { smart_count: rules.files } };
  for (let i = 0; i < rules.checklist; i++) {
    if (draft.checklist[i] !== true) problems[`checklist.${i}`] = { key: 'need_step' };
  }
  return problems;
}
