import { EventEmitter } from 'node:events';
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
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `app.tenantMemo`, kept true by the database's notices (see lib/tenantMemo.ts), and forgotten
 * for the caller's tenant after every request that may have written, before its answer leaves.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    const memo = new TenantMemo();
    const notices: TenantNotices = new EventEmitter();
    app.decorate('tenantMemo', memo);
    app.decorate('tenantNotices', notices);
    const stop = await opts.database.listen(CHANGES_CHANNEL, {
      notice: (payload) => {
        const tenantId = Number(payload);
        if (Number.isInteger(tenantId)) memo.forget(tenantId);
        else memo.forgetAll();
        notices.emit('notice', tenantId);
      },
      listening: (on) => {
        memo.setListening(on);
        if (!on) app.log.warn('stopped hearing of changes: per-tenant memory off until it listens again');
        notices.emit('listening', on);
      },
    });
    app.addHook('onClose', () => stop());

    app.addHook('onSend', async (request, _reply, payload) => {
      if (READS.has(request.method)) return payload;
      // A platform administrator writes other tenants; a request without a session (sign-in, a
      // password reset) may have written any user's: forget every tenant then.
      const caller = request.caller;
      const tenantId = caller && !caller.isAdminTenant ? caller.tenantId : undefined;
      if (tenantId !== undefined) memo.forget(tenantId);
      else memo.forgetAll();
      return payload;
    });
  },
  { name: 'changes' },
);
