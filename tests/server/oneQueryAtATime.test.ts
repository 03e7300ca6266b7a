import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as roles from '../../server/modules/roles/service';
import { callerFor } from '../../server/modules/session/service';
import { seedDemoTasks } from '../../server/seed/demoTasks';
import { OWNER } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { onPostgres } from './helpers/target';

/**
 * A transaction is one connection: queries sent on it while another runs (Promise.all on a `tx`)
 * are queued by node-postgres with a deprecation warning, and pg@9 refuses them. Only a PostgreSQL
 * server has such connections. Beside the warning, which Node prints once per process and only from
 * a third query at once, every query is counted while it runs on its connection: two at once on
 * one connection fail the test too.
 */
describe.runIf(onPostgres)('a transaction sends one query at a time (PostgreSQL)', () => {
  const t = suiteApp();
  const org = organisation(t);
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  const running = new WeakMap<pg.Client, number>();
  let overlaps = 0;
  const query = pg.Client.prototype.query;

  beforeAll(() => {
    process.on('warning', onWarning);
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (!(answer instanceof Promise)) return answer;
      const now = (running.get(this) ?? 0) + 1;
      if (now > 1) overlaps++;
      running.set(this, now);
      const done = () => running.set(this, (running.get(this) ?? 1) - 1);
      answer.then(done, done);
      return answer;
    } as typeof query;
  });
  afterAll(() => {
    pg.Client.prototype.query = query;
    process.off('warning', onWarning);
  });

  it('adds and activates a workspace, reads a role and makes the demo tasks in transactions', async () => {
    const metro = await org.node('Sydney Metro');
    const created = await t.injectAs(OWNER, {
      method: 'POST',
      url: '/api/workspace/create',
      payload: {
        name: 'Chatswood',
        parent_id: metro.id,
        identifier: 'NSW-104',
        timezone: 'Australia/Sydney',
      },
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json().data as { id: number };
    for (const verb of ['deactivate', 'activate'])
      expect(
        (await t.injectAs(OWNER, { method: 'PUT', url: `/api/workspace/${verb}`, payload: { id } }))
          .statusCode,
      ).toBe(200);
    // As the demo data is made (server/seed): as a demo user, in one transaction.
    const owner = await t.userByUsername(OWNER);
    await t.database.db.transaction(async (tx) => {
      const caller = (await callerFor(tx, owner.tenantId, owner.id))!;
      await roles.get(tx, caller, caller.roleId);
      await seedDemoTasks(tx);
    });
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    expect(overlaps).toBe(0);
  });
});
