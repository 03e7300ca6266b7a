import { normalizeIP } from '@fastify/rate-limit';
import type { Db } from '../../db/client';
import { type CountedWindow, countAttempt, forgiveAttempts, takeBack } from '../../lib/attemptWindows';
import { TooManyAttempts } from '../../lib/errors';

const USERNAME_WINDOW_MS = 15 * 60_000;
const ADDRESS_WINDOW_MS = 60_000;
/** How far past the per-address limit all addresses together may go for one username. */
const CEILING_FACTOR = 10;
export type AttemptKind = 'login' | 'forgot';

interface AttemptLimits {
  /** Failed sign-ins from one address (all usernames together) per minute. */
  perIpPerMinute: number;
  /** Attempts on one username from one address per 15 minutes. */
  perUsernamePer15Minutes: number;
}

/**
 * Attempts on one username (sign-in guesses, reset mails asked for), counted per address and in
 * total over 15 minutes. The per-address limit is what stops guessing; the total is a ceiling for
 * guessing spread over many addresses. Neither locks out the real owner: an address with no
 * attempts of its own on the username always gets through, so an attacker elsewhere cannot keep an
 * administrator out — and a correct password forgives its address. Sign-in and forgot-password
 * count apart, so asking for reset mails never blocks signing in.
 *
 * Failed sign-ins are also counted per address over all usernames, per minute: guessing across
 * many usernames from one address stops there. A correct sign-in never counts against its address,
 * so a store's staff behind one router all sign in at the start of a shift. Every sign-in counts
 * from the moment it arrives until its password proves right (`succeeded`), so concurrent guesses
 * cannot all slip past a check made before any of them failed; while being checked (~50 ms), a
 * correct one holds a place.
 *
 * Counted in the database (server/lib/attemptWindows.ts), like the per-address request limit on
 * forgot-password and reset: every API process adds to the same counts, so a guesser gains nothing
 * by landing on another one.
 */
export class SignInAttempts {
  private readonly perUsername: number;
  private readonly perAddress: number;
  private readonly ceiling: number;

  constructor(
    private readonly db: Db,
    limits: AttemptLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.perUsername = limits.perUsernamePer15Minutes;
    this.perAddress = limits.perIpPerMinute;
    this.ceiling = this.perUsername * CEILING_FACTOR;
  }

  /** Counts an attempt, or refuses it (429) when this address may not try this username now. */
  async attempt(kind: AttemptKind, username: unknown, address: string): Promise<void> {
    const { own, total, failures } = this.keys(kind, username, address);
    const now = this.now();
    const keys = [own, total, ...(failures ? [failures] : [])];
    const counted = await countAttempt(
      this.db,
      keys.map((key) => ({ key, ms: key === failures ? ADDRESS_WINDOW_MS : USERNAME_WINDOW_MS })),
      now,
    );
    const refusal = this.refusal(counted, own, total, failures, now);
    if (!refusal) return;
    // A refused attempt is not counted: what it added is taken back.
    await takeBack(this.db, keys, now);
    throw refusal;
  }

  private refusal(
    counted: Map<string, CountedWindow>,
    own: string,
    total: string,
    failures: string | undefined,
    now: number,
  ) {
    const fromAddress = failures ? counted.get(failures) : undefined;
    if (fromAddress && fromAddress.count > this.perAddress) return tooMany(fromAddress.resetAt - now);
    const here = counted.get(own)!;
    const all = counted.get(total)!;
    if (here.count > this.perUsername) return tooMany(here.resetAt - now);
    // The ceiling stops only addresses that had tried this username before.
    if (here.count > 1 && all.count > this.ceiling) return tooMany(all.resetAt - now);
    return undefined;
  }

  /**
   * The password was right: the address's attempts on the username were not guesses, and this
   * sign-in is no failure of the address. Earlier failures of others from it still count.
   */
  async succeeded(kind: AttemptKind, username: unknown, address: string): Promise<void> {
    const { own, total, failures } = this.keys(kind, username, address);
    await forgiveAttempts(this.db, { forget: own, total, one: failures }, this.now());
  }

  /**
   * The windows' keys, each a JSON array so that no username (which may hold any character) can
   * spell another key.
   */
  private keys(kind: AttemptKind, username: unknown, address: string) {
    const name = typeof username === 'string' ? username.trim().toLowerCase() : '';
    return {
      own: JSON.stringify([kind, 'address and username', name, address]),
      total: JSON.stringify([kind, 'username', name]),
      // As the request limit keys addresses: an IPv6 address by its /64, one network's range.
      failures: kind === 'login' ? JSON.stringify(['failures', 'address', normalizeIP(address)]) : undefined,
    };
  }
}

function tooMany(waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new TooManyAttempts(
    Math.max(1, Math.ceil(waitMs / 1000)),
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
}
