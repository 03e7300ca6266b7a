import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { serveBackups } from './backup/serveBackups';
import type { Config } from './config';
import { databaseSourceOf, openDatabase } from './db/client';
import { prepareDatabase } from './prepareDatabase';

/** Opens the database, migrates, seeds demo data when asked, listens, and closes gracefully. */
export async function startServer(config: Config) {
  const started = performance.now();
  const database = await openDatabase(databaseSourceOf(config));
  // Several processes may start at once on a new or older database: one migrates (and seeds),
  // the others wait for it (server/db/startLock.ts).
  const seeded = await prepareDatabase(database, {
    demo: config.demo ? { tasks: config.demoTasks } : undefined,
  });
  const app = await buildApp({ config, database });
  if (seeded) app.log.info('the database was empty: demo data seeded');
  // The embedded database is inside this process: `npm run backup` asks it for a consistent copy.
  const stopBackups = await serveBackups(config, database, app.log);
  // Periodic work (the expired-session sweep, task planning, the reports' roll-up) is jobs that
  // app.jobs queues once per slot across all processes, and runs in the processes with workers.

  // SIGINT/SIGTERM and a crash alike: stop taking requests, let jobs in hand finish, close the
  // database; after 10 s the process exits anyway so a stuck connection cannot hold a deploy.
  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await stopBackups?.();
    await app.close();
    await database.close();
  });

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, ready_ms: Math.round(performance.now() - started) },
    `Storeline is ready at ${config.publicUrl} (listening on ${address})`,
  );
  return app;
}
