import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { TenantMemo } from '../lib/tenantMemo';

/** The channel migration 0010's triggers notify, with the id of the tenant whose data changed. */
export const CHANGES_CHANNEL = 'storeline_changes';

/** What the process heard: `notice` (tenant id) after it forgot that tenant, `listening` (boolean). */
export type TenantNotices = EventEmitter<{ notice: [tenantId: number]; listening: [on: boolean] }>;

declare module 'fastify' {
  interface FastifyInstance {
    tenantMemo: TenantMemo;
    tenantNotices: TenantNotices;
    /** Resolves once this process has heard the notices of every write committed before the call. */
    heardChanges(): Promise<void>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A notice this process sends itself, after its own writes; never a tenant id. */
const BARRIER = 'barrier:';
/** A barrier not back by then means the listener is gone without a word yet: forget everything. */
const BARRIER_TIMEOUT_MS = 5_000;

/**
 * `app.tenantMemo`, kept true by the database's notices (see lib/tenantMemo.ts). A request that
 * may have written does not answer before this process has heard every notice its writes sent:
 * it sends a notice of its own after them and waits for it to come back (PostgreSQL delivers
 * notices in commit order), so the writer's next request reads what it wrote, and a write that
 * changes nothing the memory holds (a completed task) forgets nothing.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    const memo = new TenantMemo();
    const notices: TenantNotices = new EventEmitter();
    const barriers = new Map<string, () => void>();
    app.decorate('tenantMemo', memo);
    app.decorate('tenantNotices', notices);
    const stop = await opts.database.listen(CHANGES_CHANNEL, {
      notice: (payload) => {
        if (payload.startsWith(BARRIER)) {
          barriers.get(payload)?.();
          return;
        }
        // `<tenant>`, or `<tenant>:<store>` for a store's assignments.
        const [tenant, store] = payload.split(':');
        const tenantId = Number(tenant);
        if (!Number.isInteger(tenantId)) memo.forgetAll();
        else if (store === undefined) memo.forget(tenantId);
        else memo.forgetPart(tenantId, store);
        notices.emit('notice', tenantId);
      },
      listening: (on) => {
        memo.setListening(on);
        if (!on) app.log.warn('stopped hearing of changes: per-tenant memory off until it listens again');
        notices.emit('listening', on);
      },
    });
    app.addHook('onClose', () => stop());

    const heardChanges = async () => {
      if (!memo.listening) return;
      const payload = `${BARRIER}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        barriers.set(payload, () => resolve(true));
        timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
      });
      try {
        await opts.database.db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${payload})`);
        if (!(await back)) memo.forgetAll();
      } finally {
        clearTimeout(timer);
        barriers.delete(payload);
      }
    };
    app.decorate('heardChanges', heardChanges);
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!READS.has(request.method)) await heardChanges();
      return payload;
    });
  },
  { name: 'changes' },
);
