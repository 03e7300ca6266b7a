import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseLimits, DEFAULT_LIMITS } from './db/limits';
import type { HostLookup } from './lib/publicAddress';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  /** DEMO_TASKS=false: the demo data leaves out Acme's demo tasks (on by default). */
  demoTasks: boolean;
  smtpUrl: string | undefined;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Served web app; absent in API-only runs. */
  webRoot: string | undefined;
  loginRateLimit: { perIpPerMinute: number; perUsernamePer15Minutes: number };
  /**
   * TRUST_PROXY: which proxies' `X-Forwarded-For` names the client (Fastify's `trustProxy`). Off by
   * default: otherwise any client could name itself a fresh address per request and walk past the
   * per-address sign-in limit. `true` trusts every hop, a number that many hops, and a list the
   * proxies at those addresses or CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /**
   * HSTS_MAX_AGE, HSTS_INCLUDE_SUBDOMAINS: the Strict-Transport-Security header, off unless asked
   * for. Once a browser has it, it reaches the host over https only until max-age runs out (and,
   * with includeSubDomains, every subdomain of it: the chain's other sites too), so it is for an
   * operator who serves over https and means it.
   */
  hsts: { maxAgeSeconds: number; includeSubDomains: boolean } | undefined;

  /** JOBS=off: this process enqueues background jobs but does not run them (on by default). */
  jobWorkers: boolean;
  /**
   * KEEP_ANSWERS=off: nothing is kept in memory between requests (lib/keptAnswers.ts); every read
   * asks the database. For measuring, and for the test that compares kept reads with fresh ones.
   */
  keepAnswers: boolean;
  /**
   * SECRET_KEY: what secrets kept at rest (a tenant's single sign-on client secret) are sealed
   * under. Unset, the server makes one in the data directory (server/lib/secretBox.ts); processes
   * that do not share a data directory must all be given the same value.
   */
  secretKey: string | undefined;
  /**
   * PUSH_ALLOWED_ORIGINS: the push services the server sends web push to (scheme and host, any
   * port; `*.` before a host takes its subdomains). Any other subscription endpoint is refused, so
   * a subscription cannot make the server call an address of the attacker's choosing.
   */
  pushAllowedOrigins: string[];
  /**
   * WEBHOOK_ALLOW_PRIVATE_HOSTS — for tests only: addresses or CIDR ranges (127.0.0.1,10.0.0.0/8)
   * a webhook may be sent to although they are not public, and over plain http. Empty by default:
   * webhooks go over https to public addresses only. Never set it in production: it lets anyone
   * who manages webhooks make the server call those addresses.
   */
  webhookAllowPrivateHosts: string[];
  /** How webhook host names are resolved (tests inject a resolver); the system's by default. */
  webhookLookup?: HostLookup;
  /** STORAGE_URL, S3_ENDPOINT, S3_REGION: where uploaded files live (server/lib/openFileStorage.ts). */
  storage: StorageConfig;
  /** DATABASE_POOL_SIZE: connections this process opens to PostgreSQL at most. */
  databasePoolSize: number;
  /**
   * DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_LOCK_TIMEOUT_MS, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
   * DATABASE_LONG_WORK_TIMEOUT_MS: the limits every transaction opens with on PostgreSQL
   * (db/limits.ts); the lock timeout also bounds how long a request waits for its turn at its
   * organisation's lock (lib/organisationLock.ts).
   */
  databaseLimits: DatabaseLimits;
  /** API_LIMIT_*: requests a minute that API tokens may make, per route group (API_RATE_LIMITS). */
  apiRateLimits: ApiRateLimits;
  /**
   * The window those limits count in (API_RATE_WINDOW_SECONDS). Not a variable: the limits are
   * published per minute. A test sets an hour, so that no count it makes can outlive its window
   * however slowly the machine runs.
   */
  apiRateWindowSeconds: number;
}

/** How a request made with an API token is counted: reads, writes, or the heavy work of imports. */
export type RateLimitGroup = 'read' | 'write' | 'import';

/** Requests a minute for one token, and for all of a tenant's tokens together. */
export interface RateLimit {
  perToken: number;
  perTenant: number;
}
export type ApiRateLimits = Record<RateLimitGroup, RateLimit>;

/** The window the API limits count in: a fixed minute per key, shared by every process. */
export const API_RATE_WINDOW_SECONDS = 60;

/**
 * The limits on requests made with API tokens (issue 46), by route group: what each group holds,
 * the environment variables that set each limit and their defaults. The README's table and the
 * API document are written from this one list; session (web app) requests are not limited by it.
 */
export const API_RATE_LIMITS = [
  {
    group: 'read',
    routes: 'GET: every read and download',
    perToken: { variable: 'API_LIMIT_READ_PER_TOKEN', default: 600 },
    perTenant: { variable: 'API_LIMIT_READ_PER_TENANT', default: 1800 },
  },
  {
    group: 'write',
    routes: 'POST, PUT, PATCH, DELETE, except imports',
    perToken: { variable: 'API_LIMIT_WRITE_PER_TOKEN', default: 120 },
    perTenant: { variable: 'API_LIMIT_WRITE_PER_TENANT', default: 360 },
  },
  {
    group: 'import',
    routes: 'POST, PUT, PATCH, DELETE under /api/user/import/ and /api/workspace/import/',
    perToken: { variable: 'API_LIMIT_IMPORT_PER_TOKEN', default: 10 },
    perTenant: { variable: 'API_LIMIT_IMPORT_PER_TENANT', default: 20 },
  },
] as const satisfies readonly {
  group: RateLimitGroup;
  routes: string;
  perToken: { variable: string; default: number };
  perTenant: { variable: string; default: number };
}[];

/** The route group a request is counted in (its method and route path, as registered). */
export function rateLimitGroupOf(method: string, url: string): RateLimitGroup {
  if (method === 'GET' || method === 'HEAD') return 'read';
  return /^\/api\/(user|workspace)\/import\//.test(url) ? 'import' : 'write';
}

/**
 * A local directory (`root` unset: DATA_DIR/files, so a test or a process given another DATA_DIR
 * keeps its files there), or a bucket with a key prefix ('' or ending in '/').
 */
export type StorageConfig =
  | { kind: 'local'; root: string | undefined }
  | { kind: 's3'; bucket: string; prefix: string; endpoint: string | undefined; region: string | undefined };

/** The browsers' own push services: Chrome's and Edge's FCM, Firefox's, Windows' WNS, Safari's. */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
];

function parsePushOrigins(raw: string): string[] {
  const list = raw
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const origin = /^https?:\/\/(\*\.)?[a-z0-9.-]+$|^https?:\/\/\[[0-9a-f:.]+\]$/i;
  const bad = list.filter((o) => !origin.test(o));
  if (list.length === 0 || bad.length > 0)
    throw new ConfigError(
      `PUSH_ALLOWED_ORIGINS must be scheme and host separated by commas (https://fcm.googleapis.com,https://*.notify.windows.com), got "${raw}"`,
    );
  return list.map((o) => o.toLowerCase());
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export class ConfigError extends Error {}

function parseBool(name: string, raw: string): boolean {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be one of true/false/1/0/yes/no/on/off, got "${raw}"`);
}

function parseInteger(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function parseTrustProxy(raw: string): boolean | number | string[] {
  const v = raw.trim();
  if (/^\d+$/.test(v)) return parseInteger('TRUST_PROXY', v, 0, 100);
  try {
    return parseBool('TRUST_PROXY', v);
  } catch {
    const list = v.split(',').map((a) => a.trim());
    const address = /^(?:[0-9.]+|[0-9a-f:.]+)(?:\/\d{1,3})?$/i;
    const named = ['loopback', 'linklocal', 'uniquelocal'];
    if (list.every((a) => named.includes(a) || (address.test(a) && /[.:]/.test(a)))) return list;
    throw new ConfigError(
      `TRUST_PROXY must be true/false, a number of proxy hops, or proxy addresses/CIDRs separated by commas (10.0.0.1,10.1.0.0/16,loopback), got "${raw}"`,
    );
  }
}

/** Addresses and CIDR ranges separated by commas. */
function parseAddressList(name: string, raw: string): string[] {
  const list = raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const most = version === 6 ? 128 : 32;
    return (
      version === 0 ||
      rest.length > 0 ||
      (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > most))
    );
  });
  if (bad.length > 0)
    throw new ConfigError(
      `${name} must be IP addresses or CIDR ranges separated by commas (127.0.0.1,10.0.0.0/8), got "${raw}"`,
    );
  return list;
}

/** Two years: the longest max-age the HSTS preload list asks for; longer is a typo. */
const HSTS_LONGEST_SECONDS = 63_072_000;

function parseHsts(env: NodeJS.ProcessEnv, publicUrl: string): NonNullable<Config['hsts']> {
  const maxAgeSeconds = parseInteger('HSTS_MAX_AGE', env.HSTS_MAX_AGE!.trim(), 0, HSTS_LONGEST_SECONDS);
  // Browsers ignore the header over plain http; an http PUBLIC_URL means the operator is not on https yet.
  if (!publicUrl.startsWith('https:'))
    throw new ConfigError(
      `HSTS_MAX_AGE needs the server to be reached over https: set PUBLIC_URL to its https:// address, got "${publicUrl}"`,
    );
  const raw = env.HSTS_INCLUDE_SUBDOMAINS?.trim();
  return { maxAgeSeconds, includeSubDomains: raw ? parseBool('HSTS_INCLUDE_SUBDOMAINS', raw) : false };
}

function parseUrl(name: string, raw: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${protocols[0]}//host, got "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}, got "${url.protocol}"`);
  }
  return raw;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_PART = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

function parseStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const raw = env.STORAGE_URL?.trim() ?? '';
  const endpoint = env.S3_ENDPOINT?.trim()
    ? parseUrl('S3_ENDPOINT', env.S3_ENDPOINT.trim(), ['http:', 'https:']).replace(/\/+$/, '')
    : undefined;
  const region = env.S3_REGION?.trim() || undefined;
  if (region !== undefined && !/^[a-z0-9-]+$/.test(region))
    throw new ConfigError(`S3_REGION must be a region name such as eu-west-1, got "${env.S3_REGION}"`);
  if (!raw.startsWith('s3:')) {
    if (endpoint !== undefined || region !== undefined)
      throw new ConfigError(
        'S3_ENDPOINT and S3_REGION apply to a bucket: set STORAGE_URL=s3://<bucket>/<prefix> too, or leave them unset',
      );
    if (raw === '' || raw === 'file:' || raw === 'file://') return { kind: 'local', root: undefined };
    if (raw.startsWith('file:')) {
      try {
        return { kind: 'local', root: fileURLToPath(raw) };
      } catch {
        throw new ConfigError(`STORAGE_URL must be file:///absolute/path for a directory, got "${raw}"`);
      }
    }
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw))
      throw new ConfigError(
        `STORAGE_URL must be s3://<bucket>/<prefix>, file:///<directory> or a directory path, got "${raw}"`,
      );
    return { kind: 'local', root: path.resolve(raw) };
  }
  const match = /^s3:\/\/([^/]*)\/?(.*)$/.exec(raw);
  const bucket = match?.[1] ?? '';
  const parts = (match?.[2] ?? '').split('/').filter(Boolean);
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    throw new ConfigError(
      `STORAGE_URL must name a bucket (3 to 63 lowercase letters, digits, dots or hyphens) as s3://<bucket>/<prefix>, got "${raw}"`,
    );
  if (!parts.every((part) => PREFIX_PART.test(part) && part !== '..'))
    throw new ConfigError(
      `STORAGE_URL's prefix after the bucket may hold only letters, digits, "_", "-", "." and "/", got "${raw}"`,
    );
  return { kind: 's3', bucket, prefix: parts.map((part) => `${part}/`).join(''), endpoint, region };
}

/** Reads the environment once at start; every bad value is reported together, each with its fix. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const errors: string[] = [];
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof ConfigError) {
        errors.push(e.message);
        return fallback;
      }
      throw e;
    }
  };
  const port = env.PORT ? attempt(() => parseInteger('PORT', env.PORT!, 0, 65535), 3000) : 3000;
  const host = env.HOST?.trim() || '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const databaseUrl = env.DATABASE_URL
    ? attempt(() => parseUrl('DATABASE_URL', env.DATABASE_URL!, ['postgres:', 'postgresql:']), undefined)
    : undefined;
  const demo = env.DEMO ? attempt(() => parseBool('DEMO', env.DEMO!), !databaseUrl) : !databaseUrl;
  const demoTasks = env.DEMO_TASKS ? attempt(() => parseBool('DEMO_TASKS', env.DEMO_TASKS!), true) : true;
  const smtpUrl = env.SMTP_URL
    ? attempt(() => parseUrl('SMTP_URL', env.SMTP_URL!, ['smtp:', 'smtps:']), undefined)
    : undefined;
  const publicUrl = env.PUBLIC_URL
    ? attempt(() => parseUrl('PUBLIC_URL', env.PUBLIC_URL!, ['http:', 'https:']).replace(/\/+$/, ''), '')
    : `http://localhost:${port}`;
  const logLevel = attempt(
    () => {
      const v = (env.LOG_LEVEL?.trim() || 'info').toLowerCase();
      if (!(LOG_LEVELS as readonly string[]).includes(v)) {
        throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
      }
      return v as Config['logLevel'];
    },
    'info' as Config['logLevel'],
  );
  const perIp = env.LOGIN_LIMIT_PER_IP
    ? attempt(() => parseInteger('LOGIN_LIMIT_PER_IP', env.LOGIN_LIMIT_PER_IP!, 1, 100_000), 30)
    : 30;
  const perUsername = env.LOGIN_LIMIT_PER_USERNAME
    ? attempt(() => parseInteger('LOGIN_LIMIT_PER_USERNAME', env.LOGIN_LIMIT_PER_USERNAME!, 1, 100_000), 10)
    : 10;

  const trustProxy = env.TRUST_PROXY ? attempt(() => parseTrustProxy(env.TRUST_PROXY!), false) : false;

  const hsts = env.HSTS_MAX_AGE?.trim() ? attempt(() => parseHsts(env, publicUrl), undefined) : undefined;
  if (!env.HSTS_MAX_AGE?.trim() && env.HSTS_INCLUDE_SUBDOMAINS?.trim())
    errors.push(
      'HSTS_INCLUDE_SUBDOMAINS applies to the Strict-Transport-Security header, which is off: set HSTS_MAX_AGE (seconds, e.g. 31536000) too, or unset HSTS_INCLUDE_SUBDOMAINS',
    );

  const jobWorkers = env.JOBS ? attempt(() => parseBool('JOBS', env.JOBS!), true) : true;
  const keepAnswers = env.KEEP_ANSWERS
    ? attempt(() => parseBool('KEEP_ANSWERS', env.KEEP_ANSWERS!), true)
    : true;

  const secretKey = env.SECRET_KEY?.trim()
    ? attempt(() => {
        if (env.SECRET_KEY!.trim().length < 32)
          throw new ConfigError('SECRET_KEY must be at least 32 characters (try: openssl rand -base64 32)');
        return env.SECRET_KEY!.trim();
      }, undefined)
    : undefined;

  const pushAllowedOrigins = env.PUSH_ALLOWED_ORIGINS?.trim()
    ? attempt(() => parsePushOrigins(env.PUSH_ALLOWED_ORIGINS!), DEFAULT_PUSH_ORIGINS)
    : DEFAULT_PUSH_ORIGINS;

  const webhookAllowPrivateHosts = env.WEBHOOK_ALLOW_PRIVATE_HOSTS?.trim()
    ? attempt(() => parseAddressList('WEBHOOK_ALLOW_PRIVATE_HOSTS', env.WEBHOOK_ALLOW_PRIVATE_HOSTS!), [])
    : [];

  const storage = attempt(() => parseStorage(env), { kind: 'local', root: undefined } as StorageConfig);
  // At least two: at start the start-up lock holds one connection while the migrations use another.
  const databasePoolSize = env.DATABASE_POOL_SIZE
    ? attempt(() => parseInteger('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE!, 2, 1000), 10)
    : 10;
  // Milliseconds, 0 for none (as PostgreSQL takes them); at most a day.
  const limit = (name: string, fallback: number) =>
    env[name]?.trim() ? attempt(() => parseInteger(name, env[name]!, 0, 86_400_000), fallback) : fallback;
  const databaseLimits: DatabaseLimits = {
    statementMs: limit('DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_LIMITS.statementMs),
    lockMs: limit('DATABASE_LOCK_TIMEOUT_MS', DEFAULT_LIMITS.lockMs),
    idleInTransactionMs: limit('DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_LIMITS.idleInTransactionMs),
    longWorkMs: limit('DATABASE_LONG_WORK_TIMEOUT_MS', DEFAULT_LIMITS.longWorkMs),
  };

  const perMinute = (setting: { variable: string; default: number }) =>
    env[setting.variable]?.trim()
      ? attempt(() => parseInteger(setting.variable, env[setting.variable]!, 1, 1_000_000), setting.default)
      : setting.default;
  const apiRateLimits = Object.fromEntries(
    API_RATE_LIMITS.map((row) => [
      row.group,
      { perToken: perMinute(row.perToken), perTenant: perMinute(row.perTenant) },
    ]),
  ) as ApiRateLimits;

  if (errors.length) {
    throw new ConfigError(`Invalid configuration:\n  - ${errors.join('\n  - ')}`);
  }
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    demo,
    demoTasks,
    smtpUrl,
    publicUrl,
    logLevel,
    webRoot: path.resolve(env.WEB_ROOT || 'dist'),
    loginRateLimit: { perIpPerMinute: perIp, perUsernamePer15Minutes: perUsername },
    trustProxy,
    hsts,
    jobWorkers,
    keepAnswers,
    secretKey,
    pushAllowedOrigins,
    webhookAllowPrivateHosts,
    storage,
    databasePoolSize,
    databaseLimits,
    apiRateLimits,
    apiRateWindowSeconds: API_RATE_WINDOW_SECONDS,
  };
}
