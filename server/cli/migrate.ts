import { databaseSourceOf, openDatabase } from '../db/client';
import { prepareDatabase } from '../prepareDatabase';
import { configOrExit } from './config';

const config = configOrExit();
const database = await openDatabase(databaseSourceOf(config));
// The job queue's schema (pg-boss) too; under the start-up lock, so servers may be starting meanwhile.
await prepareDatabase(database);
await database.close();
console.log(`migrations applied (${database.kind})`);
