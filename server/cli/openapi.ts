import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { configOrExit } from './config';

/**
 * `npm run openapi [-- file]`: writes the OpenAPI document the app serves at /api/docs/json
 * (default ./openapi.json), for linting and for generating a client without starting a server.
 * The app is built on an empty in-memory database: the document depends on the routes and the
 * configuration (PUBLIC_URL names the server), never on data.
 */
const out = path.resolve(process.argv[2] ?? 'openapi.json');
const config = configOrExit();
const scratch = mkdtempSync(path.join(tmpdir(), 'storeline-openapi-'));
const database = await openDatabase({ kind: 'pglite' });
// Some modules read their keys at registration (web push), so the tables must exist.
await database.migrate();
const app = await buildApp({
  config: {
    ...config,
    dataDir: scratch,
    storage: { kind: 'local', root: undefined },
    webRoot: undefined,
    jobWorkers: false,
  },
  database,
  logger: false,
});
await app.ready();
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
rmSync(scratch, { recursive: true, force: true });
console.log(`OpenAPI document written to ${path.relative(process.cwd(), out) || out}`);
