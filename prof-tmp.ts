import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from './server/app';
import { loadConfig } from './server/config';
import { openDatabase } from './server/db/client';
import { users } from './server/db/schema';
import { startSession } from './server/modules/session/service';
import { seedDemo } from './server/seed';

const base = new URL(process.env.DATABASE_URL!);
const name = `storeline_prof_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base.toString() });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base); url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
await database.migrate();
await seedDemo(database.db);
const [owner] = await database.db.select().from(users).where(eq(users.username, 'owner@acme.test'));
const token = await startSession(database.db, owner!.tenantId, owner!.id);
const app = await buildApp({ config: { ...loadConfig({}), webRoot: undefined }, database, logger: false });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
for (const path of (process.env.PATHS ?? '/api/department/list,/api/user/verify').split(',')) {
  const r = await autocannon({ url: appUrl + path, connections: 20, duration: 5, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } });
  console.log(path, r.requests.average, r.non2xx);
}
await app.close(); await database.close();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await admin.end();
