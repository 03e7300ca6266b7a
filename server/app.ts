import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { recordingDb } from './lib/activity';
import { sharedRateLimitStore } from './lib/attemptWindows';
import { openFileStorage } from './lib/openFileStorage';
import { waitForOrganisationTurnsUpTo } from './lib/organisationLock';
import { validatorCompiler } from './lib/validation';
import { JOBS, SERVER_MODULES } from './modules';
import { activityPlugin } from './plugins/activity';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { filesPlugin } from './plugins/files';
import { jobsPlugin } from './plugins/jobs';
import { keptPlugin } from './plugins/kept';
import { mailPlugin } from './plugins/mail';
import { openapiPlugin } from './plugins/openapi';
import { requestRulesPlugin } from './plugins/requestRules';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

/**
 * A client must send its request headers within 30 s (a real one sends them at once; a stalled or
 * slow-drip connection is closed instead of being held) and the whole request within 120 s: the
 * largest upload, a 20 MB task document, still arrives at about 1.5 Mbit/s. Node checks both
 * every few seconds (connectionsCheckingInterval), not every 30 s as by default.
 */
export const HEADERS_TIMEOUT_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 120_000;

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * `false`: write no administration log (lib/activity). Only for measuring what the log costs
   * (`npm run bench -- activity`); the product always logs.
   */
  activity?: false;
}

/** Builds the API (and, when built, the web app) on an open, migrated database. */
export async function buildApp({ config, database, logger, activity }: BuildOptions) {
  const { trustProxy } = config;
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // A hop count as the function Fastify makes of one (its types only take the function).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 5_000 },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  app.decorate('config', config);
  // A request waits for its tenant's turn at the organisation lock as long as for the lock itself.
  waitForOrganisationTurnsUpTo(config.databaseLimits.lockMs);
  app.decorate('database', database);
  database.onConnectionLost((err) =>
    app.log.warn({ err }, 'database connection lost; the pool opens another'),
  );
  // Every write route's first transaction also appends its administration log entry (lib/activity).
  app.decorate('db', activity === false ? database.db : recordingDb(database));

  // A route under /api that forgets to say who may call it must not silently become public.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  await app.register(errorsPlugin, { modules: SERVER_MODULES });
  await app.register(requestRulesPlugin);
  // verify and tree/fetch carry the whole visible hierarchy (2 MB at 5,000 stores); JSON compresses ~10×.
  await app.register(compress, { threshold: 2048 });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Over plain http by host name this directive would make browsers fetch scripts over https.
        'upgrade-insecure-requests': null,
        'img-src': ["'self'", 'data:', 'blob:'],
        // What the app loads: its own stylesheets (and the API docs'), and the <style> elements and
        // style attributes MUI (emotion) writes at run time. No font or stylesheet comes from elsewhere.
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
      },
    },
    // Off unless configured (HSTS_MAX_AGE): see Config.hsts.
    strictTransportSecurity: config.hsts
      ? {
          maxAge: config.hsts.maxAgeSeconds,
          includeSubDomains: config.hsts.includeSubDomains,
          preload: false,
        }
      : false,
  });
  // Counted in the database: every process adds to the same per-address counts.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(database.db) });
  await app.register(openapiPlugin, {
    publicUrl: config.publicUrl,
    modules: SERVER_MODULES,
    limits: config.apiRateLimits,
  });
  await app.register(jobsPlugin, { database, workers: config.jobWorkers, jobs: JOBS });
  await app.register(mailPlugin, { smtpUrl: config.smtpUrl });
  await app.register(keptPlugin, { on: config.keepAnswers });
  await app.register(authPlugin, {
    db: database.db,
    kept: app.kept,
    limits: config.apiRateLimits,
    windowSeconds: config.apiRateWindowSeconds,
  });
  await app.register(filesPlugin, { storage: await openFileStorage(config) });

  if (activity !== false) await app.register(activityPlugin, { db: database.db });
  for (const { routes } of SERVER_MODULES) if (routes) await app.register(routes);

  await app.register(webPlugin, { root: config.webRoot });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
