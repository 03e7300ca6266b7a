import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, HttpError } from '../lib/errors';
import type { FileStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStorage;
  }
}

/** The largest upload any route accepts; each route asks for its own, smaller limit. */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Gives every route the file storage and multipart uploads (`readUpload`). */
export const filesPlugin = fp(async (app: FastifyInstance, opts: { storage: FileStorage }) => {
  app.decorate('files', opts.storage);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });
});

export interface Upload {
  filename: string;
  data: Buffer;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function tooLarge(maxBytes: number) {
  const message = `The file is too large: upload ${megabytes(maxBytes)} or less`;
  return new HttpError(413, message, { file: message });
}

/**
 * Reads the one file of a multipart request into memory, refusing it past `maxBytes` (413). A
 * request that is not multipart or carries no file is a 400 (the multipart plugin would say 406,
 * which the web app reads as "SSO user not found", spec §8).
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  const missing = 'Choose a file to upload';
  if (!request.isMultipart()) throw badRequest(missing, { file: missing });
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part) throw badRequest(missing, { file: missing });
    const data = await part.toBuffer();
    // toBuffer() throws for a file cut at the limit only when it notices during its reading; a cut
    // on the last chunk ends the stream first and would answer the first maxBytes as the file.
    if (part.file.truncated) throw tooLarge(maxBytes);
    if (data.length === 0) throw badRequest('The file is empty', { file: 'The file is empty' });
    return { filename: part.filename, data };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    // Everything above only parses the client's body (nothing is stored yet), so whatever fails
    // here is a body that only claims to be multipart: no boundary, a boundary the body does not
    // use, a part cut off, LF line ends ("Unexpected end of multipart data" from the parser).
    const status = (error as { statusCode?: number }).statusCode;
    const reason = error instanceof Error ? error.message : String(error);
    const code = status !== undefined && status >= 400 && status < 500 ? status : 400;
    throw new HttpError(code, `The upload could not be read: ${reason}`, { file: reason });
  }
}

export type DetectedType =
  | { ext: 'png'; mime: 'image/png' }
  | { ext: 'jpg'; mime: 'image/jpeg' }
  | { ext: 'webp'; mime: 'image/webp' }
  | { ext: 'svg'; mime: 'image/svg+xml' };

/** An SVG document: optional BOM, XML declaration, comments and doctype, then an <svg> root. */
function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const prolog =
    /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i;
  return prolog.test(head);
}

const RASTER: Record<string, DetectedType> = {
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
};

/**
 * What an image is by its content, never its name: PNG, JPEG or WebP by their signatures
 * (file-type), or an SVG document; undefined otherwise.
 */
export async function detectFileType(data: Buffer): Promise<DetectedType | undefined> {
  const found = await fileTypeFromBuffer(data);
  const raster = found && RASTER[found.mime];
  if (raster) return raster;
  // file-type reads an SVG with an XML declaration as XML: the prolog check decides.
  return looksLikeSvg(data) ? { ext: 'svg', mime: 'image/svg+xml' } : undefined;
}
