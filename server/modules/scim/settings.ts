import { and, eq } from 'drizzle-orm';
import {
  SCIM_BASE_PATH,
  type ScimDeleteAction,
  type ScimSettings,
  type ScimSettingsBody,
} from '../../../contract/api/scim';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { describeActivity } from '../../lib/activity';

/** The row of the tenant's settings that says what a SCIM DELETE does; no row: disable. */
const ON_DELETE = 'scim_on_delete';

export async function loadOnDelete(db: Db, tenantId: number): Promise<ScimDeleteAction> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, ON_DELETE)));
  return row?.value === 'delete' ? 'delete' : 'disable';
}

/** Where the directory sends its requests: the server's public address and the SCIM path. */
export const scimBaseUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${SCIM_BASE_PATH}`;

export async function getSettings(db: Db, tenantId: number, publicUrl: string): Promise<ScimSettings> {
  return { base_url: scimBaseUrl(publicUrl), on_delete: await loadOnDelete(db, tenantId) };
}

export async function updateSettings(
  db: Db,
  tenantId: number,
  publicUrl: string,
  body: ScimSettingsBody,
): Promise<ScimSettings> {
  await db.transaction(async (tx) => {
    const before = await loadOnDelete(tx, tenantId);
    await tx
      .insert(settings)
      .values({ tenantId, key: ON_DELETE, value: body.on_delete })
      .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { value: body.on_delete } });
    describeActivity({
      entityName: 'SCIM',
      before: { on_delete: before },
      after: { on_delete: body.on_delete },
    });
  });
  return getSettings(db, tenantId, publicUrl);
}
