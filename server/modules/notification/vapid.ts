import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { vapidKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The one row of the installation's pair. */
const ROW = 1;

/**
 * The installation's VAPID key pair: read, or made and kept when there is none. Never made again
 * once kept (every browser subscribed with its public key). Two processes starting at once may
 * both make one: the insert does nothing on conflict, and both read the pair that was kept first.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () =>
    (
      await db
        .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
        .from(vapidKeys)
        .where(eq(vapidKeys.id, ROW))
    )[0];
  const kept = await read();
  if (kept) return kept;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({ id: ROW, publicKey: made.publicKey, privateKey: made.privateKey })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('the VAPID key pair was neither found nor kept');
  return stored;
}

/**
 * Whom the push services may contact about this server's pushes (VAPID `sub`): the public address
 * when it is https, else a mailto that names the product (Apple refuses localhost addresses).
 */
export function vapidSubject(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? publicUrl : 'mailto:push@storeline.invalid';
}
