/**
 * Answers this process keeps in memory — the guard's resolution of a token, verify, a user or
 * department list page, a store's day and urgent list — under keys that name the versions they
 * depend on (lib/versions.ts). A write bumps those versions in its own transaction and the guard
 * reads them on every request, so a key is never stale: after a write, requests simply ask for a
 * key that is not kept yet, on any process. Nothing is forgotten on purpose; entries of old
 * versions age out (least recently used first).
 *
 * A value read after the versions it is keyed by is at least as new as they are, so it may be
 * kept under them: callers read the versions (the guard does) before they load.
 */
export class KeptAnswers {
  private readonly entries = new Map<string, unknown>();
  /** Loads under way, so a burst of requests for one key reads the database once. */
  private readonly loading = new Map<string, Promise<unknown>>();

  /**
   * @param maxEntries the most entries kept at once
   * @param on off, nothing is kept (every read loads): the coherence test compares both
   */
  constructor(
    private readonly maxEntries = 50_000,
    readonly on = true,
  ) {}

  /** The value kept for `key`, or `load()`'s, kept when `keep` allows (by default always). */
  async get<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!this.on) return load();
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      // Most recently used last: the first entry is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const loaded = load().then((value) => {
      if (keep(value)) this.put(key, value);
      return value;
    });
    this.loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      this.loading.delete(key);
    }
  }

  get size() {
    return this.entries.size;
  }

  private put(key: string, value: unknown) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
  }
}
