import { sql } from 'drizzle-orm';
import type { EscalationDelays } from '../../../contract/api/notifications';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { sqlRows } from '../../lib/jsonRows';

/**
 * How long urgent work may stay undone after its due time before the store's reviewers are told
 * (`first_hours`), and then the people one level up (`second_hours`): a settings row of the tenant.
 */
const ESCALATION_SETTING = 'notification_escalation';
export const DEFAULT_DELAYS: Required<EscalationDelays> = {
  first_hours: 2,
  second_hours: 24,
  action_hours: 24,
};

export async function loadDelays(db: Db, tenantId: number): Promise<Required<EscalationDelays>> {
  const [row] = await sqlRows<{ value: string }>(
    db,
    sql`SELECT value FROM ${settings} WHERE tenant_id = ${tenantId} AND key = ${ESCALATION_SETTING}`,
  );
  return { ...DEFAULT_DELAYS, ...(row ? (JSON.parse(row.value) as Partial<EscalationDelays>) : {}) };
}

export async function saveDelays(db: Db, tenantId: number, delays: EscalationDelays): Promise<void> {
  if (delays.second_hours <= delays.first_hours)
    throw badRequest('The second escalation must come after the first', {
      second_hours: `More than ${delays.first_hours} hours`,
    });
  // A client that does not know a delay (an older one, without the actions') keeps its value.
  const value = JSON.stringify({ ...(await loadDelays(db, tenantId)), ...delays });
  await db.execute(sql`INSERT INTO ${settings} (tenant_id, key, value)
    VALUES (${tenantId}, ${ESCALATION_SETTING}, ${value})
    ON CONFLICT (tenant_id, key) DO UPDATE SET value = excluded.value`);
}
