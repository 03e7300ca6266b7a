import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { JOBS } from '../../server/modules';
import { installJobs } from '../../server/plugins/jobs';
import { seedDemo } from '../../server/seed';
import { startPgBouncer } from '../support/pgbouncer';
import { clusterAt } from './helpers/cluster';
import { adminDatabase, directUrl, onPostgres, postgresUrl } from './helpers/target';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string;
    postgresTemplate: string;
    /** The PgBouncer (transaction mode) the app's connections go through, at DATABASE_URL's database. */
    pgbouncerUrl: string;
    /** The PostgreSQL run is on a Citus cluster (the template's tables distributed). */
    citus: boolean;
  }
}

/**
 * Migrating, seeding and installing the job queue take seconds, so they happen once per run: PGlite's data directory is
 * dumped to a file every test file loads; on PostgreSQL a template database is cloned per file (on
 * a Citus cluster, on every node: tests/server/helpers/cluster.ts).
 * On PostgreSQL the app under test connects through one PgBouncer in transaction mode, as in
 * production; the template is built on a direct connection (a pooled server connection left idle in
 * it would keep CREATE DATABASE … TEMPLATE from copying it).
 */
export default async function setup(project: TestProject) {
  if (onPostgres) {
    // First, so that a missing or broken PgBouncer fails the run before anything is created.
    const pgbouncer = await startPgBouncer(postgresUrl());
    const template = `storeline_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    // On a Citus cluster the template is made on every node and its tables are distributed.
    const cluster = await clusterAt(postgresUrl());
    await cluster.createDatabase(template);
    const database = await openDatabase({ kind: 'postgres', url: directUrl(template) });
    await database.migrate();
    await seedDemo(database.db, { tasks: false });
    await installJobs(database, JOBS);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgbouncerUrl', pgbouncer.url(adminDatabase()));
    project.provide('citus', cluster.citus);
    project.provide('pgliteImage', '');
    return async () => {
      await pgbouncer.stop();
      // Clones made by test files are dropped by their own teardown; the template goes last.
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${template}%`],
      );
      for (const { datname } of leftovers.rows) await cluster.dropDatabase(datname);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'storeline-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemo(database.db, { tasks: false });
  await installJobs(database, JOBS);
  const client = (database as unknown as { pglite: PGlite }).pglite;
  const image = await client.dumpDataDir('gzip');
  const file = path.join(dir, 'image.tar.gz');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  await database.close();
  project.provide('pgliteImage', file);
  project.provide('postgresTemplate', '');
  project.provide('pgbouncerUrl', '');
  project.provide('citus', false);
  return () => rmSync(dir, { recursive: true, force: true });
}
