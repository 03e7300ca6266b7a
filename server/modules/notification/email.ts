import { sql } from 'drizzle-orm';
import type { NotificationEvent } from '../../../contract/api/notifications';
import type { Language } from '../../../contract/languages';
import type { Db } from '../../db/client';
import { type NotificationData, notifications } from '../../db/schema';
import { readersOf, serverMessage } from '../../i18n';
import { sqlRows } from '../../lib/jsonRows';
import type { Mailer, OutgoingMail } from '../mail/service';
import type { Told } from './deliver';
import { takes } from './preferences';
import { noticePath, noticeWords } from './words';

/** What the e-mail channel needs: the product's mail job and the address links start with. */
export interface MailChannel {
  mailer: Mailer;
  publicUrl: string;
}

interface Recipient {
  email: string;
  language: string | null;
  assignment_id: string | number | null;
  data: NotificationData;
}

/** The mail of one notice, in the words of the bell's list, with the link that opens the task. */
function mailOf(
  event: NotificationEvent,
  to: Recipient,
  publicUrl: string,
  language: Language,
): OutgoingMail {
  const link = `${publicUrl}${noticePath(event, to.assignment_id, to.data)}`;
  const { title, body } = noticeWords(event, to.data, language);
  const open = serverMessage(language, 'notice.mail.open', { link });
  return { to: to.email, subject: title, text: `${body}\n\n${open}\n`, link };
}

/**
 * Mails the notices this run made to the people who take `event` by e-mail: outbox rows and
 * their `mail.send` jobs in the run's transaction, so a notice and its mail exist together or
 * not at all, and a repeated run (which makes no notice) mails nobody again.
 */
export async function mailTold(
  tx: Db,
  channel: MailChannel,
  tenantId: number,
  event: NotificationEvent,
  told: readonly Told[],
): Promise<void> {
  if (told.length === 0) return;
  const recipients = await sqlRows<Recipient>(
    tx,
    sql`SELECT u.email, u.language, n.assignment_id, n.data FROM ${notifications} n
      JOIN users u ON u.tenant_id = ${tenantId} AND u.id = n.user_id
      WHERE n.tenant_id = ${tenantId} AND n.id = ANY(${`{${told.map((t) => t.id).join(',')}}`}::bigint[])
        AND ${takes(tenantId, sql`n.tenant_id`, sql`n.user_id`, event, 'email')}
      ORDER BY n.id`,
  );
  if (recipients.length === 0) return;
  // Each in the recipient's language, the same rule as the password mails.
  const languageOf = await readersOf(tx, tenantId);
  await channel.mailer.sendMany(
    tx,
    tenantId,
    recipients.map((r) => mailOf(event, r, channel.publicUrl, languageOf(r.language))),
  );
}
