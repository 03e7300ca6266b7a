import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

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

export async function findMail(db: Db, tenantId: number, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id)));
  return row;
}

export async function markMail(
  db: Db,
  tenantId: number,
  id: number,
  status: OutboxRow['status'],
  error?: string,
) {
  await db
    .update(mailOutbox)
    .set({ status, error: error ?? null, sentAt: status === 'sent' ? new Date() : null })
    .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id)));
}

export async function listOutbox(db: Db, tenantId: number, recipient?: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.tenantId, tenantId), recipient ? eq(mailOutbox.recipient, recipient) : undefined),
    )
    .orderBy(desc(mailOutbox.id));
}
