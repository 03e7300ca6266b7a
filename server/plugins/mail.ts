import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { insertMail, markMail } from '../modules/mail/repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail exists for (reset links); logged when no SMTP server is configured. */
  link?: string;
}

/**
 * Every mail is written to the outbox first, so there is a record of it whatever happens next;
 * with SMTP_URL it is then sent, otherwise it is logged with its link so flows work on a laptop.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    smtpUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly from = 'Storeline <no-reply@storeline.local>',
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  async send(db: Db, tenantId: number, mail: OutgoingMail): Promise<void> {
    const id = await insertMail(db, tenantId, {
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      link: mail.link,
    });
    if (!this.transport) {
      this.log.info(
        { mailTo: mail.to, subject: mail.subject, link: mail.link },
        `mail to ${mail.to}: ${mail.link ?? mail.subject}`,
      );
      await markMail(db, tenantId, id, 'logged');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      await markMail(db, tenantId, id, 'sent');
    } catch (err) {
      this.log.error({ err, mailTo: mail.to }, 'mail delivery failed');
      await markMail(db, tenantId, id, 'failed', err instanceof Error ? err.message : String(err));
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(async (app: FastifyInstance, opts: { smtpUrl: string | undefined }) => {
  app.decorate('mailer', new Mailer(opts.smtpUrl, app.log));
});
