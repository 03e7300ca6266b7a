import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { Envelope, ErrorBody } from '../../contract/api/common';
import type { Download } from './spreadsheet';

/** Every route answers in the envelope and documents its 4xx shape; this builds that response map. */
export function responses<T extends TSchema>(data: T, extra: Record<number, TSchema> = {}) {
  return {
    200: Envelope(data),
    ...Object.fromEntries(Object.entries(extra).map(([code, schema]) => [code, Envelope(schema)])),
    '4xx': ErrorBody,
    '5xx': ErrorBody,
  } as const;
}

/**
 * Error answers a route gives beyond those the document derives from its declaration
 * (server/lib/openapiOperation.ts: 400 from its input, 401 and 403 from its access, …), e.g. a
 * public sign-in's 403 and 429. Fastify shapes them as every error; the document lists them.
 */
export const alsoAnswers = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody])) as Record<number, typeof ErrorBody>;

/** A file's bytes, as the OpenAPI document describes a download's body. */
const Bytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/**
 * A route that answers a file: the media types it may send (the bytes) and, for a route that
 * answers JSON instead when asked (`format=json`), that answer in the envelope. Fastify serialises
 * by the answer's media type, so the JSON answer keeps its schema; files are sent as they are.
 */
export function fileResponses(mediaTypes: readonly string[], json?: TSchema) {
  const files = Object.fromEntries(mediaTypes.map((type) => [type, { schema: Bytes }]));
  return {
    200: {
      description: json ? 'The answer, or the file in the format asked for' : 'The file',
      content: json ? { 'application/json': { schema: Envelope(json) }, ...files } : files,
    },
    '4xx': ErrorBody,
    '5xx': ErrorBody,
  } as const;
}

/** A route that answers by sending the browser elsewhere: 302 with a Location and no body. */
export function redirectResponses(description: string) {
  return {
    302: Type.Null({
      description,
      headers: { Location: Type.String({ description: 'Where the browser goes next' }) },
    }),
    '4xx': ErrorBody,
    '5xx': ErrorBody,
  } as const;
}

export const ok = <T>(data: T) => ({ status: 200, data });

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
export function disposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * What a stored or generated file may do when a browser opens it: nothing. A picture or a
 * document someone uploaded is opened in a sandbox with no scripts, requests or forms, even if
 * its type was misread (`nosniff` comes from helmet on every answer): a second wall behind the
 * content checks. A kind of file that needs more to show at all (an SVG's styles) adds them.
 */
export const FILE_POLICY = "default-src 'none'; sandbox";

export interface FileAnswer {
  /** The file's media type, as detected from its content or as generated. */
  mime: string;
  /** The bytes, or a stored file's stream (lib/storage `open`) sent as it is read. */
  body: Buffer | string | Readable;
  /** The stream's length, sent as Content-Length (a Buffer's or string's Fastify knows). */
  size?: number;
  /** Shown in the page (a photo, a logo) or saved (a document, an export), under this name. */
  disposition?: { kind: 'inline' | 'attachment'; name: string };
  /** cache-control; by default private and not stored. */
  cache?: string;
  /** Directives added to FILE_POLICY, e.g. "style-src 'unsafe-inline'". */
  policy?: string;
}

/**
 * A file as the answer, with the headers every file carries (the route's schema describes its
 * JSON answers; Fastify sends a Buffer or string as it is). Every route that answers a file uses
 * this, so none forgets the sandbox.
 */
export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  reply.header('content-security-policy', file.policy ? `${FILE_POLICY}; ${file.policy}` : FILE_POLICY);
  reply.header('cache-control', file.cache ?? 'private, no-store');
  if (file.disposition)
    reply.header('content-disposition', disposition(file.disposition.kind, file.disposition.name));
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.type(file.mime).send(file.body);
}

/** A stored file to save (an import file, its report): its stream and size from lib/storage `open`. */
export interface StoredDownload extends Omit<Download, 'body'> {
  body: Readable;
  size: number;
}

/** A file made for saving (a template, an export, a report): sent as an attachment under its name. */
export function sendDownload(reply: FastifyReply, file: Download | StoredDownload) {
  return sendFile(reply, {
    mime: file.contentType,
    body: file.body,
    size: 'size' in file ? file.size : undefined,
    disposition: { kind: 'attachment', name: file.filename },
  });
}
