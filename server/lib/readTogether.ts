import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

type Reads = readonly (() => PromiseLike<unknown>)[];

/**
 * Independent reads, answered in order: at once on the pool, where each goes out on a connection
 * of its own and a request waits for the slowest instead of the sum; one after the other on a
 * transaction, which is one connection: node-postgres queues a query sent while another is running
 * on it (deprecated) and pg@9 refuses it. For a function called both ways; one that only ever runs
 * inside a transaction simply awaits its reads in turn.
 */
export async function readTogether<const T extends Reads>(
  db: Db,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}
