import type {
  NotificationListQuery,
  NotificationPage,
  NotificationPreferences,
  NotificationPreferencesBody,
  NotificationReadBody,
  NotificationReadResult,
} from '../../../contract/api/notifications';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { loadDelays } from './escalation';
import { loadPreferences, loadTenantDefaults, savePreferences, saveTenantDefaults } from './preferences';
import { countUnread, listNotices, markRead, ownIds } from './repository';

/** Whose notices: the signed-in person, in their tenant (notices are the person's, whatever position they act in). */
export interface Reader {
  tenantId: number;
  userId: number;
}

export async function list(db: Db, reader: Reader, query: NotificationListQuery): Promise<NotificationPage> {
  const { rows, total, unread } = await listNotices(db, reader.tenantId, reader.userId, query);
  return { data: rows, total, unread, page: query.page, per_page: query.per_page };
}

export async function count(db: Db, reader: Reader) {
  return { unread: await countUnread(db, reader.tenantId, reader.userId) };
}

/**
 * Marks notices read. Every id must be the person's own, or nothing is marked (404: another
 * person's or tenant's notice is unknown here); one already read stays as it was.
 */
export async function read(
  db: Db,
  reader: Reader,
  body: NotificationReadBody,
): Promise<NotificationReadResult> {
  return db.transaction(async (tx) => {
    let marked: number;
    if ('all' in body) marked = await markRead(tx, reader.tenantId, reader.userId, 'all');
    else {
      const ids = [...new Set(body.ids)];
      if ((await ownIds(tx, reader.tenantId, reader.userId, ids)).length !== ids.length)
        throw notFound('Notification');
      marked = await markRead(tx, reader.tenantId, reader.userId, ids);
    }
    return { marked, unread: await countUnread(tx, reader.tenantId, reader.userId) };
  });
}

export async function preferences(db: Db, reader: Reader): Promise<NotificationPreferences> {
  return { data: await loadPreferences(db, reader.tenantId, reader.userId) };
}

export async function updatePreferences(
  db: Db,
  reader: Reader,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  await savePreferences(db, reader.tenantId, reader.userId, body.data);
  return preferences(db, reader);
}

/** The tenant's defaults: what people who have not chosen are told, and how. */
export async function tenantDefaults(db: Db, tenantId: number): Promise<NotificationPreferences> {
  return { data: await loadTenantDefaults(db, tenantId) };
}

export async function updateTenantDefaults(
  db: Db,
  tenantId: number,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  await saveTenantDefaults(db, tenantId, body.data);
  return tenantDefaults(db, tenantId);
}

/** The tenant's escalation delays (hours), for the modules whose work escalates (actions). */
export const escalationDelays = (db: Db, tenantId: number) => loadDelays(db, tenantId);
