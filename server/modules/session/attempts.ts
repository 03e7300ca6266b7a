import { normalizeIP } from '@fastify/rate-limit';
import { TooManyAttempts } from '../../lib/errors';

const USERNAME_WINDOW_MS = 15 * 60_000;
const ADDRESS_WINDOW_MS = 60_000;
/** How far past the per-address limit all addresses together may go for one username. */
const CEILING_FACTOR = 10;
/** Expired windows are swept out when the map grows past this many keys. */
const SWEEP_AT = 10_000;

interface Window {
  count: number;
  resetAt: number;
}

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
 * Kept in this process's memory, like the per-address request limit on forgot-password and reset:
 * several API processes each count their own share.
 */
export class SignInAttempts {
  private readonly windows = new Map<string, Window>();
  private readonly perUsername: number;
  private readonly perAddress: number;
  private readonly ceiling: number;

  constructor(
    limits: AttemptLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.perUsername = limits.perUsernamePer15Minutes;
    this.perAddress = limits.perIpPerMinute;
    this.ceiling = this.perUsername * CEILING_FACTOR;
  }

  /** Counts an attempt, or refuses it (429) when this address may not try this username now. */
  attempt(kind: AttemptKind, username: unknown, address: string): void {
    const { own, total, failures } = this.keys(kind, username, address);
    const now = this.now();
    const fromAddress = failures ? this.current(failures, now) : undefined;
    if (fromAddress && fromAddress.count >= this.perAddress) throw tooMany(fromAddress.resetAt - now);
    const here = this.current(own, now);
    const all = this.current(total, now);
    if (here && here.count >= this.perUsername) throw tooMany(here.resetAt - now);
    if (here && all && all.count >= this.ceiling) throw tooMany(all.resetAt - now);
    if (failures) this.add(failures, now, ADDRESS_WINDOW_MS);
    this.add(own, now, USERNAME_WINDOW_MS);
    this.add(total, now, USERNAME_WINDOW_MS);
  }

  /**
   * The password was right: the address's attempts on the username were not guesses, and this
   * sign-in is no failure of the address. Earlier failures of others from it still count.
   */
  succeeded(kind: AttemptKind, username: unknown, address: string): void {
    const { own, total, failures } = this.keys(kind, username, address);
    const mine = this.windows.get(own)?.count ?? 0;
    this.windows.delete(own);
    const all = this.windows.get(total);
    if (all) all.count = Math.max(0, all.count - mine);
    const fromAddress = failures ? this.current(failures, this.now()) : undefined;
    if (fromAddress) fromAddress.count = Math.max(0, fromAddress.count - 1);
  }

  private keys(kind: AttemptKind, username: unknown, address: string) {
    const name = typeof username === 'string' ? username.trim().toLowerCase() : '';
    return {
      own: `${kind}\n${name}\n${address}`,
      total: `${kind}\n${name}`,
      // As the request limit keys addresses: an IPv6 address by its /64, one network's range.
      failures: kind === 'login' ? `address\n${normalizeIP(address)}` : undefined,
    };
  }

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private add(key: string, now: number, windowMs: number) {
    const window = this.windows.get(key);
    if (window) window.count++;
    else {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
    }
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

function tooMany(waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new TooManyAttempts(
    Math.max(1, Math.ceil(waitMs / 1000)),
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
}
