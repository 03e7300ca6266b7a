import path from 'node:path';
import { openDatabase } from '../db/client';
import { configOrExit } from './config';

const config = configOrExit();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
);
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
