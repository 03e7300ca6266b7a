/**
 * Storeline on Citus (distributed PostgreSQL). When the database has the `citus` extension, the
 * migrations run through migrateOnCitus instead of Drizzle's migrator, and every table of the
 * `public` schema ends up managed by Citus:
 *
 * - a table with a `tenant_id` column is distributed by it, all such tables colocated (one tenant's
 *   rows of every table live on the same worker, so a tenant-scoped join or transaction runs on one
 *   node as a router query);
 * - any other table (today only `tenants`) is a reference table, copied to every node, so every
 *   tenant table may keep its foreign key to it.
 *
 * Tenant tables are found in the catalogue, not listed here: a table a later migration adds is
 * distributed right after the statement that creates it, before the foreign keys that point at it
 * (Citus accepts no foreign key between a local and a distributed table). An installation that ran
 * on plain PostgreSQL and then gets the extension has all its tables distributed at the next
 * migrate (its foreign keys are dropped, the tables distributed, the keys added back).
 *
 * Identity columns become sequence defaults first: Citus refuses integer identity columns on a
 * distributed or reference table, and the application never writes an id itself. The job queue
 * (schema `pgboss`) and the migrations' journal (schema `drizzle`) stay local to the coordinator.
 *
 * Plain PostgreSQL and PGlite never reach this file.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

type Client = pg.ClientBase;

/** True when the connected database has Citus installed. */
export async function hasCitus(client: Client): Promise<boolean> {
  const { rows } = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`);
  return rows.length > 0;
}

interface PendingTable {
  name: string;
  tenantOwned: boolean;
  /** Already a Citus-local table (made so when a foreign key to a reference table came first). */
  citusLocal: boolean;
}

/** Tables of `public` that Citus does not yet distribute or replicate, in name order. */
async function pendingTables(client: Client): Promise<PendingTable[]> {
  const { rows } = await client.query<{ name: string; tenant_owned: boolean; citus_local: boolean }>(`
    SELECT c.oid::regclass::text AS name,
      EXISTS (SELECT 1 FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS tenant_owned,
      p.logicalrelid IS NOT NULL AS citus_local
    FROM pg_class c
    LEFT JOIN pg_dist_partition p ON p.logicalrelid = c.oid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND (p.logicalrelid IS NULL OR (p.partmethod = 'n' AND p.repmodel <> 't'))
    ORDER BY c.relname`);
  return rows.map((r) => ({ name: r.name, tenantOwned: r.tenant_owned, citusLocal: r.citus_local }));
}

/** Identity columns become columns defaulting to a sequence of the same name (see the file's note). */
async function replaceIdentityColumns(client: Client, table: string): Promise<void> {
  const { rows } = await client.query<{ column: string; type: string }>(
    `SELECT a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attidentity <> '' AND NOT a.attisdropped`,
    [table],
  );
  for (const { column, type } of rows) {
    const { rows: names } = await client.query<{ t: string; c: string; s: string; bare: string }>(
      `SELECT quote_ident($1) AS c, $2::regclass::text AS t,
              quote_ident(relname || '_' || $1 || '_seq') AS s, relname || '_' || $1 || '_seq' AS bare
       FROM pg_class WHERE oid = $2::regclass`,
      [column, table],
    );
    const { t, c, s, bare } = names[0];
    await client.query(`ALTER TABLE ${t} ALTER COLUMN ${c} DROP IDENTITY`);
    await client.query(`CREATE SEQUENCE ${s} AS ${type} OWNED BY ${t}.${c}`);
    await client.query(`SELECT setval($1::regclass, COALESCE((SELECT max(${c}) FROM ${t}), 0) + 1, false)`, [
      bare,
    ]);
    await client.query(
      `ALTER TABLE ${t} ALTER COLUMN ${c} SET DEFAULT nextval(${client.escapeLiteral(bare)})`,
    );
  }
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** Foreign keys from or to any of `tables`: they are dropped while those tables are distributed. */
async function foreignKeysOf(client: Client, tables: string[]): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `SELECT conrelid::regclass::text AS table, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint
     WHERE contype = 'f' AND (conrelid = ANY($1::regclass[]) OR confrelid = ANY($1::regclass[]))
     ORDER BY conrelid::regclass::text, conname`,
    [tables],
  );
  return rows;
}

/**
 * Makes every table of `public` a Citus table: shared tables reference tables, tenant tables
 * distributed by tenant_id and colocated. Idempotent and cheap when nothing is pending (one
 * catalogue query). Runs inside the caller's transaction, which must be in sequential mode.
 * Answers the tables it changed.
 */
export async function distributeTables(client: Client): Promise<string[]> {
  const pending = await pendingTables(client);
  if (pending.length === 0) return [];
  const tenantTables = pending.filter((t) => t.tenantOwned).map((t) => t.name);
  const keys = await foreignKeysOf(client, tenantTables);
  for (const key of keys) await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
  for (const table of pending) {
    // A Citus-local table goes back to a plain one first; its foreign keys are already dropped.
    const { rows } = await client.query(
      `SELECT 1 FROM pg_dist_partition WHERE logicalrelid = $1::regclass AND partmethod = 'n' AND repmodel <> 't'`,
      [table.name],
    );
    if (rows.length > 0) await client.query(`SELECT undistribute_table($1::regclass)`, [table.name]);
    await replaceIdentityColumns(client, table.name);
  }
  for (const table of pending.filter((t) => !t.tenantOwned))
    await client.query(`SELECT create_reference_table($1::regclass)`, [table.name]);
  for (const table of tenantTables) {
    const { rows: data } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${table}) AS some`);
    await client.query(
      `SELECT create_distributed_table($1::regclass, 'tenant_id', colocate_with => 'default')`,
      [table],
    );
    // Rows an existing installation had are now in the shards; the coordinator's copy goes, unless
    // the table refuses TRUNCATE (an append-only log): then its copy stays, unread, until removed by hand.
    if (data[0].some) {
      await client.query('SAVEPOINT local_copy');
      await client
        .query(`SELECT truncate_local_data_after_distributing_table($1::regclass)`, [table])
        .then(() => client.query('RELEASE SAVEPOINT local_copy'))
        .catch(() => client.query('ROLLBACK TO SAVEPOINT local_copy'));
    }
  }
  for (const key of keys)
    await client.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`);
  return pending.map((t) => t.name);
}

/** True once any table of `public` is distributed or replicated by Citus. */
async function anyCitusTable(client: Client): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT 1 FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
     WHERE c.relnamespace = 'public'::regnamespace LIMIT 1`,
  );
  return rows.length > 0;
}

/** One transaction on Citus: sequential, so DDL and the reference table writes share one connection per node. */
async function inTransaction(client: Client, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
    await work();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/**
 * Drizzle's migrations, applied as Drizzle's migrator does (same journal, `drizzle.__drizzle_migrations`,
 * so a database can move between the two), one migration per transaction. On a database whose
 * tables are already distributed, distributeTables runs after each statement, so that a table a
 * migration creates is distributed before a foreign key points at it. Then distributeTables once
 * more: a new database (its migrations ran as on plain PostgreSQL) and an installation that got
 * Citus after its tables were made are distributed there.
 */
export async function migrateOnCitus(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await pool.connect();
  try {
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const last = rows[0] ? Number(rows[0].created_at) : undefined;
    for (const migration of migrations) {
      if (last !== undefined && last >= migration.folderMillis) continue;
      await inTransaction(client, async () => {
        // Until the first table is distributed (a new database) the migrations run as on plain
        // PostgreSQL, data backfills included; the tables are distributed together afterwards.
        const distributing = await anyCitusTable(client);
        for (const statement of migration.sql) {
          await client.query(statement).catch((err: Error) => {
            err.message = `${err.message}\n  in migration ${migration.folderMillis}: ${statement.trim().slice(0, 400)}`;
            throw err;
          });
          if (distributing) await distributeTables(client);
        }
        await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
          migration.hash,
          migration.folderMillis,
        ]);
      });
    }
    await inTransaction(client, async () => {
      await distributeTables(client);
    });
  } finally {
    client.release();
  }
}
