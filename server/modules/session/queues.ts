import type { Language } from '../../../contract/languages';
import type { JobSettingsOf } from '../../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /** Delete the sessions past their expiry and the closed attempt windows (periodic, hourly: both count for nothing by then). */
    'sessions.sweep': Record<string, never>;
    /**
     * Mail a reset link to whoever `username` names (in `tenant`, or in every organisation), if
     * anyone: forgot-password queues one for every address asked for, known or not, so its answer
     * takes the same time for both. `language` is the asker's browser's.
     */
    'password.forgot': { username: string; tenant?: string; language?: Language };
  }
}

export const sessionJobs: JobSettingsOf<'sessions.sweep' | 'password.forgot'> = {
  // One DELETE, safe to repeat; what a failed sweep leaves, the next hour's sweep takes.
  'sessions.sweep': { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
  // One transaction (token and outbox row together), so a retried run leaves no half of one; the
  // person is waiting for the mail, so the retries come soon.
  'password.forgot': { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120 },
};
