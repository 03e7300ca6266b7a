import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client';

/** An instant as the API writes it, formatted by the database so a JSON document needs no reparsing. */
export const isoInstant = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Runs a query whose one row holds a JSON text column `rows` and parses it. Tree reads ask the
 * database for one JSON document instead of thousands of rows: the embedded database pays per row
 * and per column, which made a 5,000-store tree 3–4 times slower to read as rows.
 */
export async function jsonRows<T>(db: Db, query: SQL): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: { rows: string | null }[] };
  return JSON.parse(result.rows[0]?.rows ?? '[]') as T;
}

/** Runs a raw query and answers its rows typed as the caller expects (the drivers differ in their result types). */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * jsonRows for the hottest reads (My Tasks' day and urgent calls, the first page of the user and
 * workspace lists), as a named prepared statement
 * on PostgreSQL: each pooled connection parses the text once and, once PostgreSQL settles on a
 * generic plan, stops planning it — planning was two thirds of the day query's time in the
 * database. The name is the text's hash, so only a query whose text takes a handful of shapes
 * belongs here (every shape stays prepared on every connection). In a transaction, or on PGlite,
 * it is plain jsonRows.
 */
export async function preparedJsonRows<T>(db: Db, query: SQL): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return jsonRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `j_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  const result = await pool.query<{ rows: string | null }>({ name, text, values: params });
  return JSON.parse(result.rows[0]?.rows ?? '[]') as T;
}
