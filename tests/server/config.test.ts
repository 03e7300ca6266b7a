import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has defaults that start the embedded database with demo data on :3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      demo: true,
      demoTasks: true,
      databaseUrl: undefined,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('turns demo data off by default on a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', DEMO: 'yes' }).demo).toBe(
      true,
    );
  });

  it('leaves the demo tasks out when DEMO_TASKS is false', () => {
    expect(loadConfig({ DEMO_TASKS: 'false' }).demoTasks).toBe(false);
    expect(() => loadConfig({ DEMO_TASKS: 'sometimes' })).toThrow(/DEMO_TASKS must be one of/);
  });

  it('reports every bad value at once, each with what is expected', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        DEMO: 'maybe',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        SMTP_URL: 'nope',
        PUBLIC_URL: 'ftp://x',
      }),
    ).toThrowError(
      /PORT must be a whole number from 0 to 65535, got "eighty"[\s\S]*DATABASE_URL must start with postgres: or postgresql:[\s\S]*DEMO must be one of[\s\S]*SMTP_URL must be a URL[\s\S]*PUBLIC_URL must start with http: or https:[\s\S]*LOG_LEVEL must be one of/,
    );
  });

  it('reads the sign-in limits', () => {
    expect(loadConfig({ LOGIN_LIMIT_PER_IP: '500', LOGIN_LIMIT_PER_USERNAME: '20' }).loginRateLimit).toEqual({
      perIpPerMinute: 500,
      perUsernamePer15Minutes: 20,
    });
    expect(() => loadConfig({ LOGIN_LIMIT_PER_IP: '0' })).toThrowError(
      /LOGIN_LIMIT_PER_IP must be a whole number from 1/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrowError(
      /TRUST_PROXY must be true\/false, a number of proxy hops, or proxy addresses/,
    );
  });

  it('sends no HSTS unless HSTS_MAX_AGE asks, and then for its own host unless subdomains are asked too', () => {
    const https = { PUBLIC_URL: 'https://tasks.chain.example' };
    expect(loadConfig({}).hsts).toBeUndefined();
    expect(loadConfig({ ...https, HSTS_MAX_AGE: '31536000' }).hsts).toEqual({
      maxAgeSeconds: 31_536_000,
      includeSubDomains: false,
    });
    expect(loadConfig({ ...https, HSTS_MAX_AGE: '600', HSTS_INCLUDE_SUBDOMAINS: 'yes' }).hsts).toEqual({
      maxAgeSeconds: 600,
      includeSubDomains: true,
    });
    expect(() => loadConfig({ ...https, HSTS_MAX_AGE: 'a year' })).toThrowError(
      /HSTS_MAX_AGE must be a whole number from 0 to 63072000, got "a year"/,
    );
    expect(() => loadConfig({ HSTS_MAX_AGE: '600' })).toThrowError(
      /HSTS_MAX_AGE needs the server to be reached over https: set PUBLIC_URL to its https:\/\/ address/,
    );
    expect(() => loadConfig({ ...https, HSTS_INCLUDE_SUBDOMAINS: 'on' })).toThrowError(
      /HSTS_INCLUDE_SUBDOMAINS .* set HSTS_MAX_AGE \(seconds, e.g. 31536000\) too/,
    );
  });

  it('reads the pool size and the database time limits, with defaults for each', () => {
    expect(loadConfig({})).toMatchObject({
      databasePoolSize: 10,
      databaseLimits: {
        statementMs: 30_000,
        lockMs: 5_000,
        idleInTransactionMs: 60_000,
        longWorkMs: 600_000,
      },
    });
    expect(
      loadConfig({
        DATABASE_POOL_SIZE: '25',
        DATABASE_STATEMENT_TIMEOUT_MS: '15000',
        DATABASE_LOCK_TIMEOUT_MS: '0',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '120000',
        DATABASE_LONG_WORK_TIMEOUT_MS: '3600000',
      }),
    ).toMatchObject({
      databasePoolSize: 25,
      databaseLimits: { statementMs: 15_000, lockMs: 0, idleInTransactionMs: 120_000, longWorkMs: 3_600_000 },
    });
    expect(() =>
      loadConfig({
        DATABASE_POOL_SIZE: '0',
        DATABASE_STATEMENT_TIMEOUT_MS: '30s',
        DATABASE_LOCK_TIMEOUT_MS: '-1',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 'forever',
        DATABASE_LONG_WORK_TIMEOUT_MS: '100000000',
      }),
    ).toThrowError(
      /DATABASE_POOL_SIZE must be a whole number from 2 to 1000, got "0"[\s\S]*DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 0 to 86400000, got "30s"[\s\S]*DATABASE_LOCK_TIMEOUT_MS[\s\S]*DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS[\s\S]*DATABASE_LONG_WORK_TIMEOUT_MS must be/,
    );
  });

  it('runs background jobs in the process unless JOBS=off', () => {
    expect(loadConfig({}).jobWorkers).toBe(true);
    expect(loadConfig({ JOBS: 'off' }).jobWorkers).toBe(false);
    expect(() => loadConfig({ JOBS: 'sometimes' })).toThrowError(/JOBS must be one of true\/false/);
  });

  it('drops a trailing slash from PUBLIC_URL so links are well formed', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://acme.storeline.app/' }).publicUrl).toBe(
      'https://acme.storeline.app',
    );
  });
});

describe('file storage (STORAGE_URL, S3_ENDPOINT, S3_REGION)', () => {
  it('keeps files in DATA_DIR/files by default, or in the directory named by a path or a file: URL', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local', root: undefined });
    expect(loadConfig({ STORAGE_URL: 'file:' }).storage).toEqual({ kind: 'local', root: undefined });
    expect(loadConfig({ STORAGE_URL: '/srv/storeline/files' }).storage).toEqual({
      kind: 'local',
      root: '/srv/storeline/files',
    });
    expect(loadConfig({ STORAGE_URL: 'file:///srv/shared%20files' }).storage).toEqual({
      kind: 'local',
      root: '/srv/shared files',
    });
  });

  it('reads a bucket and a prefix, with an S3-compatible endpoint and a region', () => {
    expect(loadConfig({ STORAGE_URL: 's3://acme-files' }).storage).toEqual({
      kind: 's3',
      bucket: 'acme-files',
      prefix: '',
      endpoint: undefined,
      region: undefined,
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://acme-files/storeline/prod/',
        S3_ENDPOINT: 'https://minio.internal:9000/',
        S3_REGION: 'eu-west-1',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'acme-files',
      prefix: 'storeline/prod/',
      endpoint: 'https://minio.internal:9000',
      region: 'eu-west-1',
    });
  });

  it('says what is expected of a bad bucket, prefix, scheme, endpoint or region', () => {
    const fails = (env: Record<string, string>, message: RegExp) =>
      expect(() => loadConfig(env)).toThrow(message);
    fails(
      { STORAGE_URL: 's3://' },
      /STORAGE_URL must name a bucket .* as s3:\/\/<bucket>\/<prefix>, got "s3:\/\/"/,
    );
    fails({ STORAGE_URL: 's3://Acme_Files/x' }, /STORAGE_URL must name a bucket \(3 to 63 lowercase letters/);
    fails({ STORAGE_URL: 's3://acme-files/a/../b' }, /STORAGE_URL's prefix after the bucket may hold only/);
    fails(
      { STORAGE_URL: 'gs://acme-files' },
      /STORAGE_URL must be s3:\/\/<bucket>\/<prefix>, file:\/\/\/<directory> or a directory path/,
    );
    fails(
      { STORAGE_URL: 's3://acme-files', S3_ENDPOINT: 'minio:9000' },
      /S3_ENDPOINT must start with http: or https:/,
    );
    fails(
      { STORAGE_URL: 's3://acme-files', S3_REGION: 'EU West' },
      /S3_REGION must be a region name such as eu-west-1/,
    );
    fails(
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      /S3_ENDPOINT and S3_REGION apply to a bucket: set STORAGE_URL=s3:/,
    );
  });
});
