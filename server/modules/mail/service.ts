import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import type { JobRun } from '../../lib/jobQueue';
import type { JobPayloads } from '../../lib/jobs';
import type { Jobs } from '../../plugins/jobs';
import { findMail, insertMail, insertMails, markMail } from './repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail exists for (reset links); logged when no SMTP server is configured. */
  link?: string;
}

/**
 * A request writes each mail to the outbox and queues a `mail.send` job for it; a worker then
 * sends it with SMTP_URL, or logs it with its link so flows work on a laptop. A mail that cannot
 * be sent is retried by the queue, then kept in the outbox as failed with the error.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly jobs: Jobs,
    smtpUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly from = 'Storeline <no-reply@storeline.local>',
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  /** Pass the request's transaction: if it rolls back, neither the outbox row nor its job remain. */
  async send(db: Db, tenantId: number, mail: OutgoingMail): Promise<void> {
    await db.transaction(async (tx) => {
      const outboxId = await insertMail(tx, tenantId, {
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        link: mail.link,
      });
      await this.jobs.send(tx, 'mail.send', { tenantId, outboxId });
    });
  }

  /**
   * Many mails in two statements (the outbox rows, then their jobs), for bulk work such as an
   * import's invitations. Pass the transaction: they exist only if it commits.
   */
  async sendMany(db: Db, tenantId: number, mails: OutgoingMail[]): Promise<void> {
    const ids = await insertMails(
      db,
      tenantId,
      mails.map((mail) => ({ recipient: mail.to, subject: mail.subject, body: mail.text, link: mail.link })),
    );
    await this.jobs.sendMany(
      db,
      'mail.send',
      ids.map((outboxId) => ({ tenantId, outboxId })),
    );
  }

  /** The `mail.send` job. A run repeated after a crash leaves an already delivered mail alone. */
  async deliver(db: Db, { tenantId, outboxId }: JobPayloads['mail.send'], run: JobRun): Promise<void> {
    const mail = await findMail(db, tenantId, outboxId);
    if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
    if (!this.transport) {
      this.log.info(
        { mailTo: mail.recipient, subject: mail.subject, link: mail.link },
        `mail to ${mail.recipient}: ${mail.link ?? mail.subject}`,
      );
      await markMail(db, tenantId, outboxId, 'logged');
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await markMail(db, tenantId, outboxId, run.lastAttempt ? 'failed' : 'pending', message);
      throw err;
    }
    await markMail(db, tenantId, outboxId, 'sent');
  }
}
