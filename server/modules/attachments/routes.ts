import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DownloadQuery, FileInfo, MAX_DOCUMENT_BYTES } from '../../../contract/api/tasks';
import { callerOf } from '../../lib/caller';
import { fileResponses, ok, responses, sendFile } from '../../lib/http';
import { readUpload } from '../../lib/uploads';
import { TASK_FILE_TYPES } from './detect';
import { assertMayUpload, readTaskFile, readTaskThumbnail, storeTaskFile } from './service';
import { THUMBNAIL_MIME } from './thumbnail';

const tags = ['task files'];

/** Spec §7: the web app reads an upload's error from `output`; every error answer of the route carries it. */
async function errorWithOutput(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as { message?: unknown; output?: unknown };
    if (typeof body.message !== 'string' || body.output !== undefined) return payload;
    return JSON.stringify({ ...body, output: body.message });
  } catch {
    return payload;
  }
}

export const attachmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/user/task/upload',
    {
      schema: {
        tags,
        summary:
          'Store a task file (multipart `file`): photos JPEG/PNG/WebP/HEIC up to 10 MB, documents PDF/Office/CSV/text up to 20 MB, by content',
        consumes: ['multipart/form-data'],
        response: responses(FileInfo),
      },
      // Bytes kept for a task or a completion: the write that attaches them is what the log names.
      config: { access: {}, activity: false },
      onSend: errorWithOutput,
    },
    async (request) => {
      const caller = callerOf(request);
      assertMayUpload(caller);
      // Read up to the larger limit; the kind (known from the content) decides the real one.
      const upload = await readUpload(request, MAX_DOCUMENT_BYTES);
      return ok(await storeTaskFile(app.db, app.files, caller, upload));
    },
  );

  app.get(
    '/api/task/attachments/download',
    {
      schema: {
        tags,
        summary: 'A task file’s bytes, for callers who may see a task (or completion) that uses it',
        querystring: DownloadQuery,
        response: fileResponses(TASK_FILE_TYPES),
      },
      config: { access: {} },
    },
    async (request, reply) => {
      const { file, stored } = await readTaskFile(app.db, app.files, callerOf(request), request.query);
      return sendFile(reply, {
        mime: file.mime,
        body: stored.stream,
        size: stored.size,
        disposition: { kind: file.kind === 'photo' ? 'inline' : 'attachment', name: file.name },
        cache: 'private, max-age=3600',
      });
    },
  );

  app.get(
    '/api/task/attachments/thumbnail',
    {
      schema: {
        tags,
        summary:
          'A photo’s thumbnail (WebP, upright, at most 400 px, no metadata) for callers who may see the photo; 404 for documents and photos that cannot be decoded (HEIC)',
        querystring: DownloadQuery,
        response: fileResponses([THUMBNAIL_MIME]),
      },
      config: { access: {} },
    },
    async (request, reply) => {
      const thumbnail = await readTaskThumbnail(app.db, app.files, callerOf(request), request.query.hash);
      // Kept from an earlier ask: streamed from storage; just made: the bytes in hand.
      const body = Buffer.isBuffer(thumbnail)
        ? { body: thumbnail }
        : { body: thumbnail.stream, size: thumbnail.size };
      return sendFile(reply, { mime: THUMBNAIL_MIME, ...body, cache: 'private, max-age=86400, immutable' });
    },
  );
};
