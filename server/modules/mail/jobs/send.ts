import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';

const payload = Type.Object({ tenantId: Type.Integer(), outboxId: Type.Integer() });

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /** Deliver one `mail_outbox` row (SMTP, or the server log without SMTP_URL). */
    'mail.send': Static<typeof payload>;
  }
}

export const mailSendJob = defineJob({
  name: 'mail.send',
  payload,
  // An SMTP server that is down for a while: about 30 s, 1, 2, 4, 8 minutes, then failed.
  retry: { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
  handler: (mail, { app, run }) => app.mailer.deliver(app.db, mail, run),
});
