import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';

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
