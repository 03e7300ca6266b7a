import pg from 'pg';

/**
 * The PostgreSQL servers a test database lives on. On plain PostgreSQL that is the server at
 * DATABASE_URL. On a Citus cluster (DATABASE_URL names a coordinator database with the citus
 * extension, as `../shared/citus/cluster.sh` makes) it is the coordinator and every worker: a test
 * database is made on each of them (the extension in each, the workers registered with the
 * coordinator), and a copy of the template is cloned on each of them. A clone on the coordinator
 * alone would hold the shard metadata but not the shards; cloned on every node, the copy's metadata
 * names the same nodes and shard ids, and Citus reaches the workers' database of the same name.
 */
export interface Cluster {
  /** Citus with workers, or one plain server. */
  citus: boolean;
  /** Runs `sql` in the maintenance database of every node, coordinator first. */
  onEveryNode(sql: (client: pg.Client) => Promise<void>): Promise<void>;
  /**
   * Creates an empty database `name` ready for the migrations (with Citus and its workers when on
   * Citus, `shardCount` shards per distributed table).
   */
  createDatabase(name: string, shardCount?: number): Promise<void>;
  /** Copies `template` to `name` on every node. */
  cloneDatabase(template: string, name: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
}

function withDatabase(url: string, database: string, host?: string, port?: number): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  if (host) next.hostname = host;
  if (port) next.port = String(port);
  return next.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The cluster behind `adminUrl` (DATABASE_URL). */
export async function clusterAt(adminUrl: string): Promise<Cluster> {
  const adminDb = decodeURIComponent(new URL(adminUrl).pathname.slice(1)) || 'postgres';
  const workers = await withClient(adminUrl, async (client) => {
    const { rows: ext } = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`);
    if (ext.length === 0) return [];
    const { rows } = await client.query<{ nodename: string; nodeport: number }>(
      `SELECT nodename, nodeport FROM pg_dist_node WHERE groupid <> 0 AND noderole = 'primary' ORDER BY nodeid`,
    );
    return rows;
  });
  const coordinator = new URL(adminUrl);
  const nodes = [adminUrl, ...workers.map((w) => withDatabase(adminUrl, adminDb, w.nodename, w.nodeport))];
  const onEveryNode: Cluster['onEveryNode'] = async (sql) => {
    for (const url of nodes) await withClient(url, sql);
  };
  return {
    citus: workers.length > 0,
    onEveryNode,
    // Four shards per table over two workers keep the suite's clones small; Citus's default is 32.
    createDatabase: async (name, shardCount = 4) => {
      await onEveryNode((client) => client.query(`CREATE DATABASE ${name}`).then(() => undefined));
      if (workers.length === 0) return;
      for (const url of nodes)
        await withClient(withDatabase(url, name), (client) => client.query('CREATE EXTENSION citus'));
      await withClient(withDatabase(adminUrl, name), async (client) => {
        await client.query('SELECT citus_set_coordinator_host($1, $2)', [
          coordinator.hostname,
          Number(coordinator.port || 5432),
        ]);
        for (const w of workers)
          await client.query('SELECT citus_add_node($1, $2)', [w.nodename, w.nodeport]);
        await client.query(`ALTER DATABASE ${name} SET citus.shard_count = ${Number(shardCount)}`);
      });
    },
    cloneDatabase: async (template, name) => {
      await onEveryNode(async (client) => {
        // Citus keeps its maintenance daemon and cached connections in every database; a template
        // must have no session open while it is copied (none comes back until the template is used).
        if (workers.length > 0)
          await client.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [template],
          );
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      });
    },
    dropDatabase: (name) =>
      onEveryNode((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
      ),
  };
}
