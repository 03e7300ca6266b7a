import { databaseSourceOf, openDatabase } from '../db/client';
import { configOrExit } from './config';

const config = configOrExit();
const database = await openDatabase(databaseSourceOf(config));
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
