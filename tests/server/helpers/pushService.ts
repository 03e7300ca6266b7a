import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { DEFAULT_PUSH_ORIGINS } from '../../../server/config';
import { createTestApp, suiteApp, type TestApp } from './app';

/*
 * A push service the test runs itself on 127.0.0.1: it keeps every request, answers each path
 * with the status the test sets (201 unless told), and, like a browser, decrypts a payload with
 * the private key and auth secret of the subscription it was sent to (aes128gcm, RFC 8291).
 */

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's subscription: what it sends the server, and the private key it keeps. */
export interface Device {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): unknown;
}

export interface PushService {
  origin: string;
  requests: PushRequest[];
  /** The status a path answers from now on. */
  answer(path: string, status: number): void;
  device(path: string): Device;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    answer: (path, status) => statuses.set(path, status),
    device(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        decrypt: (body) =>
          JSON.parse(
            ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
          ),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The suite's app (suiteApp) with a push service of its own, `push`, started before the app and
 * trusted by it beside the usual push services; both close after the suite.
 */
export const appWithPushService = () =>
  suiteApp(async (): Promise<TestApp & { push: PushService }> => {
    const push = await startPushService();
    const t = await createTestApp({ pushAllowedOrigins: ['http://127.0.0.1', ...DEFAULT_PUSH_ORIGINS] });
    return {
      ...t,
      push,
      close: async () => {
        await t.close();
        await push.close();
      },
    };
  });
