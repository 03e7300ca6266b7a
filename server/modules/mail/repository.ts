import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { findTenantRow, updateTenantRow } from '../../lib/tenantRows';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertMail(
  db: Db,
  tenantId: number,
  mail: { recipient: string; subject: string; body: string; link?: string },
) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ tenantId, ...mail })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Outbox rows this many at a time: far below PostgreSQL's 65,535 parameters per statement. */
const MAILS_PER_STATEMENT = 5000;

/** Several outbox rows, a few thousand per statement; answers their ids. */
export async function insertMails(
  db: Db,
  tenantId: number,
  mails: { recipient: string; subject: string; body: string; link?: string }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < mails.length; i += MAILS_PER_STATEMENT) {
    const rows = await db
      .insert(mailOutbox)
      .values(mails.slice(i, i + MAILS_PER_STATEMENT).map((mail) => ({ tenantId, ...mail })))
      .returning({ id: mailOutbox.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export const findMail = (db: Db, tenantId: number, id: number): Promise<OutboxRow | undefined> =>
  findTenantRow(db, mailOutbox, mailOutbox.id, tenantId, id);

export async function markMail(
  db: Db,
  tenantId: number,
  id: number,
  status: OutboxRow['status'],
  error?: string,
) {
  await updateTenantRow(db, mailOutbox, tenantId, id, {
    status,
    error: error ?? null,
    sentAt: status === 'sent' ? new Date() : null,
  });
}
