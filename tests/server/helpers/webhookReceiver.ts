import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WebhookPayload } from '../../../contract/api/webhooks';
import type { HostLookup } from '../../../server/lib/publicAddress';
import { createTestApp, suiteApp, type TestApp } from './app';

/*
 * A webhook receiver the test runs on 127.0.0.1: it keeps every request with its raw body,
 * answers each path with the statuses the test queues (200 when none is queued), and checks a
 * signature as a receiver would (the README's snippet). The app is told to allow 127.0.0.1 and
 * resolves host names with `dns`, which tests fill and change (DNS rebinding).
 */

export interface ReceivedHook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  payload: WebhookPayload;
  /** The status it was answered with. */
  status: number;
}

export interface Receiver {
  origin: string;
  requests: ReceivedHook[];
  /** Answers the next requests to `path` with these statuses, in turn. */
  answer(path: string, ...statuses: number[]): void;
  /** Holds every answer this long (ms), to let two workers overlap. */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedHook[] = [];
  const queued = new Map<string, number[]>();
  let delay = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = queued.get(path)?.shift() ?? 200;
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({ path, headers: req.headers, raw, payload: JSON.parse(raw), status });
      setTimeout(() => res.writeHead(status).end('ok'), delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer: (path, ...statuses) => queued.set(path, [...(queued.get(path) ?? []), ...statuses]),
    delay: (ms) => {
      delay = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A receiver's check of `Storeline-Signature` (the README's verification snippet). */
export function verifySignature(
  secret: string,
  raw: string,
  header: string,
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Host names as the test says they resolve; any other is not found. */
export function fakeDns() {
  const names = new Map<string, string[]>();
  const lookup: HostLookup = async (hostname) => {
    const addresses = names.get(hostname.toLowerCase());
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
  return { names, lookup };
}

/** The suite's app with a receiver of its own, allowed as a private host, and a fake DNS. */
export const appWithReceiver = () =>
  suiteApp(async (): Promise<TestApp & { receiver: Receiver; dns: Map<string, string[]> }> => {
    const receiver = await startReceiver();
    const dns = fakeDns();
    // Import files and the secret box's key in a folder of the suite's own.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-webhooks-'));
    const t = await createTestApp({
      dataDir,
      webhookAllowPrivateHosts: ['127.0.0.1'],
      webhookLookup: dns.lookup,
    });
    return {
      ...t,
      receiver,
      dns: dns.names,
      close: async () => {
        await t.close();
        await receiver.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
