/**
 * What every signed-in request reads and almost nothing writes — the guard's session, user,
 * positions and permissions, verify's answer, a user list page, a store's day in My Tasks — kept
 * in this process per tenant, so such a request costs no query for it.
 *
 * It stays correct with several processes because the database says what changed: triggers
 * (migration 0010) send a notice when a write to those tables commits, naming the tenant — or,
 * for a store's assignments, the tenant and the store — and every process forgets those entries
 * when the notice arrives. A request that wrote does not answer before this process has heard its
 * notices (plugins/changes.ts), so the writer's next request never sees the old value. Without a
 * listening connection nothing is kept: every read goes to the database until notices arrive
 * again.
 *
 * Entries live in a tenant, optionally within a part of it (a store): forgetting the tenant
 * forgets its parts, forgetting a part forgets only that part. A read that started before a write
 * committed must not be kept after that write's notice: each forget moves a generation on, and a
 * value is kept only if its tenant's and its part's generations are still those seen before it
 * was read.
 */
export class TenantMemo {
  /** tenant → part ('' for the tenant's own entries) → key → value. */
  private readonly tenants = new Map<number, Map<string, Map<string, unknown>>>();
  private readonly generations = new Map<string, number>();
  /** Moved on by forgetAll, for reads of tenants not seen before. */
  private epoch = 0;
  private size = 0;
  private live = false;

  constructor(private readonly maxEntries = 50_000) {}

  /** The value kept for `key`, or `load()`'s, kept when `keep` allows (by default always). */
  async get<T>(
    tenantId: number,
    key: string,
    load: () => Promise<T>,
    { part = '', keep = () => true }: { part?: string; keep?: (value: T) => boolean } = {},
  ): Promise<T> {
    const entries = this.tenants.get(tenantId)?.get(part);
    if (entries?.has(key)) return entries.get(key) as T;
    const seen = this.generationsOf(tenantId, part);
    const live = this.live;
    const value = await load();
    if (live && this.live && this.generationsOf(tenantId, part) === seen && keep(value))
      this.put(tenantId, part, key, value);
    return value;
  }

  /** Drops one entry (it no longer holds, such as a session past its expiry as this process saw it). */
  drop(tenantId: number, key: string) {
    if (this.tenants.get(tenantId)?.get('')?.delete(key)) this.size--;
  }

  /** Forgets everything kept for the tenant, its parts included: something they depend on was written. */
  forget(tenantId: number) {
    this.bump(`${tenantId}`);
    const parts = this.tenants.get(tenantId);
    if (!parts) return;
    for (const entries of parts.values()) this.size -= entries.size;
    this.tenants.delete(tenantId);
  }

  /** Forgets what is kept for one part of the tenant. */
  forgetPart(tenantId: number, part: string) {
    this.bump(`${tenantId}:${part}`);
    const parts = this.tenants.get(tenantId);
    const entries = parts?.get(part);
    if (!entries) return;
    this.size -= entries.size;
    parts!.delete(part);
  }

  /** Forgets every tenant (a write whose tenants this process cannot name). */
  forgetAll() {
    this.epoch++;
    this.tenants.clear();
    this.size = 0;
  }

  /** Whether notices arrive; while they do not, nothing is kept. */
  setListening(on: boolean) {
    this.live = on;
    this.forgetAll();
  }

  get listening() {
    return this.live;
  }

  private bump(key: string) {
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  private generationsOf(tenantId: number, part: string) {
    const tenant = `${this.epoch}:${this.generations.get(`${tenantId}`) ?? 0}`;
    return part === '' ? tenant : `${tenant}:${this.generations.get(`${tenantId}:${part}`) ?? 0}`;
  }

  private put(tenantId: number, part: string, key: string, value: unknown) {
    // Bounded: past the limit the oldest tenant's entries go (they are read again on demand).
    if (this.size >= this.maxEntries) {
      const oldest = this.tenants.keys().next().value;
      if (oldest !== undefined) {
        for (const entries of this.tenants.get(oldest)!.values()) this.size -= entries.size;
        this.tenants.delete(oldest);
      }
    }
    let parts = this.tenants.get(tenantId);
    if (!parts) {
      parts = new Map();
      this.tenants.set(tenantId, parts);
    }
    let entries = parts.get(part);
    if (!entries) {
      entries = new Map();
      parts.set(part, entries);
    }
    if (!entries.has(key)) this.size++;
    entries.set(key, value);
  }
}
