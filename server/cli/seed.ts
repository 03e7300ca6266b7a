import { databaseSourceOf, openDatabase } from '../db/client';
import { prepareDatabase } from '../prepareDatabase';
import { configOrExit } from './config';

const config = configOrExit();
const database = await openDatabase(databaseSourceOf(config));
if (await prepareDatabase(database, { demo: { tasks: config.demoTasks } })) {
  console.log(`demo data seeded (${database.kind})`);
} else {
  console.log('the database already has tenants: demo data not seeded');
}
await database.close();
