import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Mailer } from '../modules/mail/service';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(
  async (app: FastifyInstance, opts: { smtpUrl: string | undefined }) => {
    const mailer = new Mailer(app.jobs, opts.smtpUrl, app.log);
    app.decorate('mailer', mailer);
  },
  { name: 'mail', dependencies: ['jobs'] },
);
