import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { BlockList } from 'node:net';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../../contract/api/webhooks';
import { AddressRefused, guardedLookup, type HostLookup } from '../../lib/publicAddress';
import { urlRefusal } from './address';

/** A receiver that has not answered within this has failed the attempt. */
export const SEND_TIMEOUT_MS = 10_000;
/** Of an answer only its status matters; its body is read this far and dropped. */
const LONGEST_ANSWER_BYTES = 64 * 1024;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`. */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface Outgoing {
  url: string;
  secret: string;
  event: string;
  deliveryId: number;
  body: string;
}

export interface Network {
  lookup: HostLookup;
  allowed: BlockList;
}

/** What an attempt came to: the receiver's status, or why there was none. */
export type Attempt = { ok: boolean; status: number | null; error: string | null };

/**
 * One POST of a delivery. The host name is resolved for this connection and every address it
 * gives is checked (guardedLookup), so the connection goes only where the check looked; no
 * redirect is followed. A 2xx within SEND_TIMEOUT_MS is a success.
 */
export async function post(out: Outgoing, network: Network, now = new Date()): Promise<Attempt> {
  const refusal = urlRefusal(out.url, network.allowed);
  if (refusal) return { ok: false, status: null, error: refusal };
  const url = new URL(out.url);
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  return new Promise<Attempt>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        signal,
        lookup: guardedLookup(network.lookup, network.allowed),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(out.body),
          'user-agent': 'Storeline-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature(out.secret, out.body, now),
          [WEBHOOK_EVENT_HEADER]: out.event,
          [WEBHOOK_DELIVERY_HEADER]: String(out.deliveryId),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > LONGEST_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const ok = status >= 200 && status < 300;
          resolve({ ok, status, error: ok ? null : `The receiver answered HTTP ${status}.` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', (err: Error) => {
      const why =
        err instanceof AddressRefused
          ? err.message
          : signal.aborted
            ? `The receiver did not answer within ${SEND_TIMEOUT_MS / 1000} seconds.`
            : `The receiver could not be reached: ${err.message}`;
      resolve({ ok: false, status: null, error: why });
    });
    request.end(out.body);
  });
}
