/**
 * What every signed-in request reads and almost nothing writes — the guard's session, user,
 * positions and permissions, verify's terms, settings and theme — kept in this process per
 * tenant, so such a request costs no query for it.
 *
 * It stays correct with several processes because the database says what changed: triggers
 * (migration 0010) send a notice with the tenant's id when a write to those tables commits, and
 * every process forgets that tenant's entries when the notice arrives. A write made by this
 * process forgets its tenant before the answer leaves (plugins/changes.ts), so the writer's next
 * request never sees the old value. Without a listening connection nothing is kept: every read
 * goes to the database until notices arrive again.
 *
 * A read that started before a write committed must not be kept after that write's notice: each
 * forget moves the tenant's generation on, and a value is kept only if its tenant's generation is
 * still the one seen before it was read.
 */
export class TenantMemo {
  private readonly tenants = new Map<number, Map<string, unknown>>();
  private readonly generations = new Map<number, number>();
  private size = 0;
  private live = false;

  constructor(private readonly maxEntries = 50_000) {}

  /** The value kept for `key` in the tenant, or `load()`'s, kept when `keep` allows (by default always). */
  async get<T>(
    tenantId: number,
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ) {
    const entries = this.tenants.get(tenantId);
    if (entries?.has(key)) return entries.get(key) as T;
    const generation = this.generationOf(tenantId);
    const live = this.live;
    const value = await load();
    if (live && this.live && this.generationOf(tenantId) === generation && keep(value))
      this.put(tenantId, key, value);
    return value;
  }

  /** Drops one entry (it no longer holds, such as a session past its expiry as this process saw it). */
  drop(tenantId: number, key: string) {
    const entries = this.tenants.get(tenantId);
    if (entries?.delete(key)) this.size--;
  }

  /** Forgets everything kept for the tenant: something it depends on was written. */
  forget(tenantId: number) {
    this.generations.set(tenantId, this.generationOf(tenantId) + 1);
    const entries = this.tenants.get(tenantId);
    if (!entries) return;
    this.size -= entries.size;
    this.tenants.delete(tenantId);
  }

  /** Forgets every tenant (a write whose tenants this process cannot name). */
  forgetAll() {
    for (const tenantId of [...this.tenants.keys(), ...this.generations.keys()]) this.forget(tenantId);
  }

  /** Whether notices arrive; while they do not, nothing is kept. */
  setListening(on: boolean) {
    this.live = on;
    this.forgetAll();
  }

  get listening() {
    return this.live;
  }

  private generationOf(tenantId: number) {
    return this.generations.get(tenantId) ?? 0;
  }

  private put(tenantId: number, key: string, value: unknown) {
    // Bounded: past the limit the oldest tenant's entries go (they are read again on demand).
    if (this.size >= this.maxEntries) {
      const oldest = this.tenants.keys().next().value;
      if (oldest !== undefined) {
        this.size -= this.tenants.get(oldest)!.size;
        this.tenants.delete(oldest);
      }
    }
    let entries = this.tenants.get(tenantId);
    if (!entries) {
      entries = new Map();
      this.tenants.set(tenantId, entries);
    }
    if (!entries.has(key)) this.size++;
    entries.set(key, value);
  }
}
