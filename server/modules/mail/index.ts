import type { ServerModule } from '../module';
import { mailSendJob } from './jobs/send';

/** The outbox's delivery; the Mailer itself is the mail plugin's `app.mailer`. */
export const mailModule: ServerModule = { name: 'mail', jobs: [mailSendJob] };
