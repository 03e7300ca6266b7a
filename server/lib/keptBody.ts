import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './http';
import type { KeptAnswers } from './keptAnswers';

export type BodyEncoding = 'br' | 'gzip';

/** A JSON answer kept between requests (a cached tree, verify, a list page), compressed once per encoding. */
export interface KeptBody {
  body: string;
  encoded: Partial<Record<BodyEncoding, Buffer>>;
}

export const keptBody = (body: string): KeptBody => ({ body, encoded: {} });

// What @fastify/compress does below its threshold (app.ts): small answers travel as they are.
const COMPRESS_FROM_BYTES = 2048;

/** The body in an encoding the client accepts (compressed the first time it is asked for), or as text. */
export function encodedBody(kept: KeptBody, acceptEncoding: string | undefined) {
  if (Buffer.byteLength(kept.body) < COMPRESS_FROM_BYTES) return { body: kept.body };
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  const encoding: BodyEncoding | undefined = accepted.has('br')
    ? 'br'
    : accepted.has('gzip')
      ? 'gzip'
      : undefined;
  if (!encoding) return { body: kept.body };
  // Quality 4, as @fastify/compress compresses: most of the gain for a fraction of the time.
  kept.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(kept.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(kept.body);
  return { body: kept.encoded[encoding]!, encoding };
}

/**
 * Sends a kept JSON answer as it is: neither the route's serialiser nor the compression plugin
 * works on it again (a string body with a JSON type skips the one, a content-encoding the other).
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptBody) {
  const { body, encoding } = encodedBody(kept, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(body);
}

/**
 * A read answered from the kept answers: `read()`'s data in the envelope, serialised by the route
 * once and kept under `key`, which names every version the answer depends on.
 */
export async function sendKeptData(
  kept: KeptAnswers,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => Promise<unknown>,
) {
  const body = await kept.get(key, async () => keptBody(String(reply.serialize(ok(await read())))));
  return sendKept(request, reply, body);
}
