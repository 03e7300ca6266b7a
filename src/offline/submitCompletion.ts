import type { MyTaskCard, MyTaskCompleteBody } from '../../contract/api/mytasks';
import { myTaskMethods } from '../providers/dataProvider/mytasks';
import { ApiError, statusOf } from '../providers/httpClient';
import type { CompletionRoute, QueueProblem } from './queueStore';

const COMPLETE = {
  mytasks: myTaskMethods.completeMyTask,
  compliance: myTaskMethods.completeComplianceCheck,
} as const;

/**
 * The one way a completion reaches the server (issue 43), from the drawer's form online and from
 * the phone's queue when the network is back: the body sent under its client_id, the idempotency
 * key made on the phone, so a send repeated after a lost answer stores it once.
 */
export function submitCompletion(
  via: CompletionRoute,
  body: Omit<MyTaskCompleteBody, 'client_id'>,
  clientId: string,
): Promise<MyTaskCard> {
  return COMPLETE[via]({ ...body, client_id: clientId });
}

/** Why a completion was not taken: the status (0: the server was not reached), its code, words and fields. */
export interface CompletionProblem extends QueueProblem {
  /** The server's word on each field it refused (comment, photos, checklist.N…). */
  fields: Record<string, string>;
  /** The server's last word on it (4xx but an ended session or too many requests): sending again changes nothing. */
  refused: boolean;
}

function readCode(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** What a failed submitCompletion means, for the form (its fields) and for the queue (keep or stop). */
export function completionProblem(error: unknown): CompletionProblem {
  const status = statusOf(error) ?? 0;
  const api = error instanceof ApiError ? error : undefined;
  return {
    status,
    code: api ? readCode(api.body) : undefined,
    message: error instanceof Error ? error.message : String(error),
    fields: api?.errors ?? {},
    refused: status >= 400 && status < 500 && status !== 401 && status !== 429,
  };
}
