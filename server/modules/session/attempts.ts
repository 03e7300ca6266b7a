import { HttpError } from '../../lib/errors';

const WINDOW_MS = 15 * 60_000;
/** How far past the per-address limit all addresses together may go for one username. */
const CEILING_FACTOR = 10;
/** Expired windows are swept out when the map grows past this many keys. */
const SWEEP_AT = 10_000;

interface Window {
  count: number;
  resetAt: number;
}

export type AttemptKind = 'login' | 'forgot';

/**
 * Attempts on one username (sign-in guesses, reset mails asked for), counted per address and in
 * total over 15 minutes. The per-address limit is what stops guessing; the total is a ceiling for
 * guessing spread over many addresses. Neither locks out the real owner: an address with no
 * attempts of its own on the username always gets through, so an attacker elsewhere cannot keep an
 * administrator out — and a correct password forgives its address. Sign-in and forgot-password
 * count apart, so asking for reset mails never blocks signing in.
 *
 * Kept in this process's memory, like the per-address request limit: several API processes each
 * count their own share.
 */
export class UsernameAttempts {
  private readonly windows = new Map<string, Window>();
  private readonly ceiling: number;

  constructor(
    private readonly perAddress: number,
    private readonly now: () => number = Date.now,
  ) {
    this.ceiling = perAddress * CEILING_FACTOR;
  }

  /** Counts an attempt, or refuses it (429) when this address may not try this username now. */
  attempt(kind: AttemptKind, username: unknown, address: string): void {
    const { own, total } = this.keys(kind, username, address);
    const now = this.now();
    const here = this.current(own, now);
    const all = this.current(total, now);
    if (here && here.count >= this.perAddress) throw tooMany(here.resetAt - now);
    if (here && all && all.count >= this.ceiling) throw tooMany(all.resetAt - now);
    this.add(own, now);
    this.add(total, now);
  }

  /** The password was right: the address's attempts on the username were not guesses. */
  succeeded(kind: AttemptKind, username: unknown, address: string): void {
    const { own, total } = this.keys(kind, username, address);
    const mine = this.windows.get(own)?.count ?? 0;
    this.windows.delete(own);
    const all = this.windows.get(total);
    if (all) all.count = Math.max(0, all.count - mine);
  }

  private keys(kind: AttemptKind, username: unknown, address: string) {
    const name = typeof username === 'string' ? username.trim().toLowerCase() : '';
    return { own: `${kind}\n${name}\n${address}`, total: `${kind}\n${name}` };
  }

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private add(key: string, now: number) {
    const window = this.windows.get(key);
    if (window) window.count++;
    else {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + WINDOW_MS });
    }
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

function tooMany(waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new HttpError(
    429,
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
}
