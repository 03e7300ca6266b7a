import Type, { type Static } from 'typebox';
import { LANGUAGES } from '../../../../contract/languages';
import { defineJob } from '../../../lib/jobs';
import { mailResetLinks } from '../passwords';

const payload = Type.Object({
  username: Type.String(),
  tenant: Type.Optional(Type.String()),
  language: Type.Optional(Type.Enum(LANGUAGES)),
});

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /**
     * Mail a reset link to whoever `username` names (in `tenant`, or in every organisation), if
     * anyone: forgot-password queues one for every address asked for, known or not, so its answer
     * takes the same time for both. `language` is the asker's browser's.
     */
    'password.forgot': Static<typeof payload>;
  }
}

export const passwordForgotJob = defineJob({
  name: 'password.forgot',
  payload,
  // One transaction (token and outbox row together), so a retried run leaves no half of one; the
  // person is waiting for the mail, so the retries come soon.
  retry: { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120 },
  handler: (asked, { app }) => mailResetLinks(app.db, app.mailer, app.config.publicUrl, asked),
});
