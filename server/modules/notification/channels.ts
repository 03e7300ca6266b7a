import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Outlets } from './deliver';
import type { PushChannel } from './push';
import { loadVapidKeys, type VapidKeys, vapidSubject } from './vapid';

/** Where a notice goes besides the app: mail, and the push jobs. */
export function outletsOf(app: FastifyInstance): Outlets {
  return { mail: { mailer: app.mailer, publicUrl: app.config.publicUrl }, jobs: app.jobs };
}

const vapidKeys = new WeakMap<Database, Promise<VapidKeys>>();

/** The installation's VAPID pair, made at the first start and read once per process. */
export function vapidKeysOf(database: Database): Promise<VapidKeys> {
  let keys = vapidKeys.get(database);
  if (!keys) {
    keys = loadVapidKeys(database.db).catch((err: unknown) => {
      vapidKeys.delete(database);
      throw err;
    });
    vapidKeys.set(database, keys);
  }
  return keys;
}

export function pushChannelOf(app: FastifyInstance): PushChannel {
  return {
    keys: () => vapidKeysOf(app.database),
    subject: vapidSubject(app.config.publicUrl),
    allowedOrigins: app.config.pushAllowedOrigins,
    log: app.log,
  };
}
