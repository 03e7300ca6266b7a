import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StorageConfig } from '../../../server/config';

/** s3rver knows one account; it checks the access key id, not the signature (see README, Tests). */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL=s3://<bucket>/<prefix> with S3_ENDPOINT at this server, as loadConfig makes it. */
  storage(prefix: string): Extract<StorageConfig, { kind: 's3' }>;
  stop(): Promise<void>;
}

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rverProcess.mjs');

/** A real S3-compatible server on a free port with a temporary directory and one bucket, `bucket`. */
export async function startS3(bucket = 'storeline-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'storeline-s3-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--openssl-legacy-provider', SCRIPT, directory, bucket],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    );
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (prefix) => ({
      kind: 's3',
      bucket,
      prefix: prefix ? `${prefix}/` : '',
      endpoint,
      region: undefined,
    }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Sets the SDK's credential variables for a test file and answers a function that puts the earlier
 * values back. The server's files (isolate: false) share this process's environment.
 */
export function useCredentials(credentials: { accessKeyId: string; secretAccessKey: string }): () => void {
  const names = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
  const before = names.map((name) => process.env[name]);
  process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
  return () =>
    names.forEach((name, i) => {
      if (before[i] === undefined) delete process.env[name];
      else process.env[name] = before[i];
    });
}
