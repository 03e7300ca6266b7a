import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../../server/db/schema';
import { addDays } from '../../server/lib/localDates';
import { OWNER, STAFF } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { localDate } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

/**
 * Issue 33: every row of work that names a store says which zone its times are in (the store's
 * own, else the tenant's default), so a viewer in another zone can read them by the store's clock.
 */
const t = suiteApp();
const k = taskKit(t);

interface Row {
  title: string;
  workspace: { name: string; timezone: string };
}
const zonesOf = (rows: Row[], title: string) =>
  Object.fromEntries(
    rows.filter((r) => r.title === title).map((r) => [r.workspace.name, r.workspace.timezone]),
  );

describe('the store zone on rows of work', () => {
  it('names each store’s zone on My Tasks cards and the urgent list, the tenant’s default for a store without one', async () => {
    const tenantId = await k.tenantId();
    // Wollongong and Sydney CBD name no zone of their own: the tenant's default applies.
    const wollongong = await k.nodeId('Wollongong');
    const cbd = await k.nodeId('Sydney CBD');
    await t.database.db
      .update(workspaces)
      .set({ timezone: null })
      .where(inArray(workspaces.nodeId, [wollongong, cbd]));
    await t.database.db.execute(
      sql`UPDATE settings SET value = 'Australia/Perth' WHERE tenant_id = ${tenantId} AND key = 'timezone'`,
    );
    const title = 'Recall: store clocks';
    const today = localDate('Australia/Sydney');
    await k.published(OWNER, {
      title,
      type_id: await k.typeId('Urgent'),
      // Started yesterday everywhere, due the day after tomorrow: open now in every zone.
      start_date: addDays(today, -1),
      start_time: '00:00',
      due_date: addDays(today, 2),
      due_time: '12:00',
      targets: { include: [await k.nodeId('Broken Hill'), cbd, wollongong] },
    });
    const expected = {
      'Broken Hill': 'Australia/Broken_Hill',
      'Sydney CBD': 'Australia/Perth',
      Wollongong: 'Australia/Perth',
    };

    const query = { datetime: String(Math.floor(Date.now() / 1000)), timezone: 'America/New_York' };
    const day = k.data(await k.call(OWNER, 'GET', '/api/user/task/date', query)) as {
      data: { tasks: Row[] }[];
    };
    expect(
      zonesOf(
        day.data.flatMap((group) => group.tasks),
        title,
      ),
    ).toEqual(expected);

    // The urgent list is a store's own (spec §4): its people read it by the store's clock.
    const urgent = k.data(await k.call(STAFF, 'GET', '/api/user/task/urgent', query)) as { data: Row[] };
    expect(zonesOf(urgent.data, title)).toEqual({ 'Sydney CBD': 'Australia/Perth' });
  });
});
