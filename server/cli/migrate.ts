import { databaseSourceOf, openDatabase } from '../db/client';
import { JOB_SETTINGS } from '../modules';
import { installJobs } from '../plugins/jobs';
import { configOrExit } from './config';

const config = configOrExit();
const database = await openDatabase(databaseSourceOf(config));
await database.migrate();
// The job queue's own schema (pg-boss); the server would create it at start otherwise.
await installJobs(database, JOB_SETTINGS);
await database.close();
console.log(`migrations applied (${database.kind})`);
