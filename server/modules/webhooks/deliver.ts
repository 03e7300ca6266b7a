import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { readersOf, serverMessage } from '../../i18n';
import { listAdministrators } from '../../lib/administrators';
import { allowListOf, systemLookup } from '../../lib/publicAddress';
import { SecretBox } from '../../lib/secretBox';
import type { Mailer } from '../mail/service';
import {
  type DeliveryRow,
  hasDue,
  markFailed,
  markSucceeded,
  nextDue,
  recordAttempt,
  releaseLease,
  takeLease,
} from './repository';
import { type Attempt, type Network, post } from './send';

/*
 * The `webhooks.deliver` job: drains one subscription's deliveries, oldest first, one at a time.
 * Order holds across processes because only the holder of the subscription's lease sends
 * (repository.takeLease: an autocommitted UPDATE, no session lock, no transaction open while a
 * receiver is called). A delivery that fails stops the line: later ones wait until it is
 * delivered or given up, so a receiver never gets an event before an earlier one that is not done.
 */

/** A worker holds a subscription this long without renewing (one attempt takes at most 10 s). */
export const LEASE_SECONDS = 60;
/** A delivery is retried for this long after it was made, then kept as failed. */
export const RETRY_FOR_SECONDS = 24 * 3600;
/** A subscription that fails this long without a success is paused and its administrators told. */
export const PAUSE_AFTER_SECONDS = 3 * 24 * 3600;
/** Deliveries one run sends at most, so a long line is shared out between runs. */
const MOST_PER_RUN = 500;

/** The wait before the next attempt after `attempts` failed ones: 1 min doubling, at most 6 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
}

export interface DeliveryDeps {
  db: Db;
  box: SecretBox;
  network: Network;
  mailer: Mailer;
  publicUrl: string;
}

export function deliveryDeps(app: FastifyInstance): DeliveryDeps {
  return {
    db: app.db,
    box: new SecretBox(app.config),
    network: {
      lookup: app.config.webhookLookup ?? systemLookup,
      allowed: allowListOf(app.config.webhookAllowPrivateHosts),
    },
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  };
}

/** Drains the subscription while it has due deliveries and this worker can hold its lease. */
export async function drainSubscription(deps: DeliveryDeps, tenantId: number, subscriptionId: number) {
  let sent = 0;
  // A round ends when the line's head is not due or failed; the rounds are bounded all the same.
  for (let round = 0; sent < MOST_PER_RUN && round < MOST_PER_RUN; round++) {
    const held = await takeLease(deps.db, tenantId, subscriptionId, LEASE_SECONDS);
    // Another worker drains it, or it is switched off or gone: that worker re-checks after it lets go.
    if (!held) return;
    let lease = held.lease;
    try {
      for (; sent < MOST_PER_RUN; sent++) {
        const next = await nextDue(deps.db, tenantId, subscriptionId, lease, LEASE_SECONDS);
        if (!next) break;
        lease = next.lease;
        if (!next.delivery) break;
        const attempt = await post(
          {
            url: held.url,
            secret: deps.box.open(held.secretSealed),
            event: next.delivery.event,
            deliveryId: next.delivery.id,
            body: JSON.stringify(next.delivery.payload),
          },
          deps.network,
        );
        const delivered = await record(deps, next.delivery, attempt);
        if (!delivered) break;
      }
    } finally {
      await releaseLease(deps.db, tenantId, subscriptionId, lease);
    }
    // A delivery written while the lease was held was skipped by the worker its job woke: look again.
    if (!(await hasDue(deps.db, tenantId, subscriptionId))) return;
  }
}

/** Writes an attempt's outcome; answers whether it was delivered (the line goes on). */
async function record(deps: DeliveryDeps, delivery: DeliveryRow, attempt: Attempt): Promise<boolean> {
  const { tenantId, subscriptionId } = delivery;
  if (attempt.ok) {
    await deps.db.transaction(async (tx) => {
      await recordAttempt(tx, delivery, { status: 'delivered', ...outcomeOf(attempt), nextAttemptAt: null });
      await markSucceeded(tx, tenantId, subscriptionId);
    });
    return true;
  }
  const attempts = delivery.attempts + 1;
  const givenUp = Date.now() - delivery.createdAt.getTime() >= RETRY_FOR_SECONDS * 1000;
  await deps.db.transaction(async (tx) => {
    await recordAttempt(tx, delivery, {
      status: givenUp ? 'failed' : 'pending',
      ...outcomeOf(attempt),
      nextAttemptAt: givenUp ? null : new Date(Date.now() + backoffSeconds(attempts) * 1000),
    });
    const failed = await markFailed(tx, tenantId, subscriptionId, PAUSE_AFTER_SECONDS);
    if (failed?.paused) await tellAdministrators(deps, tx, tenantId, failed.url);
  });
  return false;
}

const outcomeOf = (attempt: Attempt) => ({
  responseStatus: attempt.status,
  error: attempt.error ? attempt.error.slice(0, 500) : null,
});

/** The tenant's administrators are mailed, each in their language, that the subscription was paused. */
async function tellAdministrators(deps: DeliveryDeps, tx: Db, tenantId: number, url: string) {
  const people = await listAdministrators(tx, tenantId);
  const languageOf = await readersOf(tx, tenantId);
  const link = `${deps.publicUrl}/settings`;
  await deps.mailer.sendMany(
    tx,
    tenantId,
    people.map((person) => {
      const language = languageOf(person.language);
      return {
        to: person.email,
        subject: serverMessage(language, 'mail.webhook_paused.subject'),
        text: [
          serverMessage(language, 'mail.hello', { name: person.firstname }),
          '',
          serverMessage(language, 'mail.webhook_paused.body', {
            url,
            days: PAUSE_AFTER_SECONDS / 86_400,
          }),
          '',
          link,
        ].join('\n'),
        link,
      };
    }),
  );
}
