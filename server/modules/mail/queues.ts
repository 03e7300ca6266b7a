import type { JobSettingsOf } from '../../lib/jobs';

/** The jobs this module queues: what each carries (added to JobPayloads) and how it retries. */
declare module '../../lib/jobs' {
  interface JobPayloads {
    /** Deliver one `mail_outbox` row (SMTP, or the server log without SMTP_URL). */
    'mail.send': { tenantId: number; outboxId: number };
  }
}

export const mailJobs: JobSettingsOf<'mail.send'> = {
  // An SMTP server that is down for a while: about 30 s, 1, 2, 4, 8 minutes, then failed.
  'mail.send': { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
};
