import { databaseSourceOf, openDatabase } from '../db/client';
import { isDatabaseEmpty, seedDemo } from '../seed';
import { configOrExit } from './config';

const config = configOrExit();
const database = await openDatabase(databaseSourceOf(config));
await database.migrate();
if (await isDatabaseEmpty(database.db)) {
  await seedDemo(database.db, { tasks: config.demoTasks });
  console.log(`demo data seeded (${database.kind})`);
} else {
  console.log('the database already has tenants: demo data not seeded');
}
await database.close();
