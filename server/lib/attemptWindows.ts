import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attemptWindows } from '../db/schema';

/** A window after this attempt: how many it holds, this one included, and when it closes (ms). */
export interface CountedWindow {
  count: number;
  resetAt: number;
}

/**
 * Counts one attempt in each window (a key and how long a window of it lasts), in one statement
 * shared by every API process, and answers each window as it is after the attempt. A closed
 * window opens again at 1. Every attempt's count is its own (the upsert takes each row's lock), so
 * of N attempts at once exactly as many see a count within a limit as the limit allows. The rows
 * are taken in key order and held only for the statement: two counts never deadlock, and nothing
 * waits on a sign-in's round trips.
 */
export async function countAttempt(
  db: Db,
  windows: { key: string; ms: number }[],
  now: number,
): Promise<Map<string, CountedWindow>> {
  const sorted = [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const at = new Date(now);
  const rows = await db
    .insert(attemptWindows)
    .values(sorted.map((w) => ({ key: w.key, count: 1, resetAt: new Date(now + w.ms) })))
    .onConflictDoUpdate({
      target: attemptWindows.key,
      set: {
        count: sql`CASE WHEN ${attemptWindows.resetAt} <= ${at} THEN 1 ELSE ${attemptWindows.count} + 1 END`,
        resetAt: sql`CASE WHEN ${attemptWindows.resetAt} <= ${at} THEN excluded.reset_at ELSE ${attemptWindows.resetAt} END`,
      },
    })
    .returning();
  return new Map(rows.map((r) => [r.key, { count: r.count, resetAt: r.resetAt.getTime() }]));
}

/**
 * Takes `by` attempts off each open window of `keys` (never below 0). One statement per key, each
 * holding one row's lock: a statement that holds one lock and waits for no other cannot deadlock
 * with a count.
 */
export async function takeBack(db: Db, keys: string[], now: number, by = 1): Promise<void> {
  if (by <= 0) return;
  for (const key of keys) {
    await db
      .update(attemptWindows)
      .set({ count: sql`GREATEST(0, ${attemptWindows.count} - ${by})` })
      .where(and(eq(attemptWindows.key, key), gt(attemptWindows.resetAt, new Date(now))));
  }
}

/**
 * Takes back what was counted against a key that proved honest: `forget` loses its window;
 * `total` loses as many attempts as `forget` held; `one` (if any) loses one.
 */
export async function forgiveAttempts(
  db: Db,
  keys: { forget: string; total: string; one?: string },
  now: number,
): Promise<void> {
  const [gone] = await db
    .delete(attemptWindows)
    .where(eq(attemptWindows.key, keys.forget))
    .returning({ count: attemptWindows.count });
  await takeBack(db, [keys.total], now, gone?.count ?? 0);
  if (keys.one) await takeBack(db, [keys.one], now);
}

/**
 * Removes the windows that closed before `now` (they count for nothing). Rows an attempt holds are
 * passed over (SKIP LOCKED) rather than waited for: the sweep never waits, so it never deadlocks.
 */
export async function sweepAttemptWindows(db: Db, now: number): Promise<void> {
  const closed = db
    .select({ key: attemptWindows.key })
    .from(attemptWindows)
    .where(lte(attemptWindows.resetAt, new Date(now)))
    .for('update', { skipLocked: true });
  await db.delete(attemptWindows).where(inArray(attemptWindows.key, closed));
}

type Counted = { current: number; ttl: number };

/**
 * A store for @fastify/rate-limit that counts in the same windows, so a route's per-address
 * request limit holds across every API process (the plugin's own store counts in one process's
 * memory). Each route counts apart, as with the plugin's stores.
 */
export function sharedRateLimitStore(db: Db) {
  return class SharedRateLimitStore {
    /** The plugin makes the first with its options; each route's is its `child`. */
    constructor(
      _options: object = {},
      private readonly route = '',
    ) {}

    incr(key: string, done: (error: Error | null, counted?: Counted) => void, timeWindow: number) {
      const at = Date.now();
      const id = JSON.stringify(['request', this.route, key]);
      countAttempt(db, [{ key: id, ms: timeWindow }], at).then(
        (windows) => {
          const window = windows.get(id)!;
          done(null, { current: window.count, ttl: Math.max(0, window.resetAt - at) });
        },
        (error: Error) => done(error),
      );
    }

    /** The plugin passes the route's merged limit options, the route itself as `routeInfo` (typed otherwise). */
    child(params: object) {
      const info = (params as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const route = `${String(info?.method)} ${String(info?.url)}`;
      return new SharedRateLimitStore({}, route);
    }
  };
}
