import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Id } from '../../../contract/api/common';
import { ThemeSetting } from '../../../contract/api/session';
import { callerOf } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { fileResponses, ok, responses, sendFile } from '../../lib/http';
import { IMAGE_TYPES } from '../../lib/imageType';
import { readUpload } from '../../lib/uploads';
import { MAX_LOGO_BYTES, readLogo, storeLogo } from './logo';
import { listTheme } from './repository';
import { updateTheme } from './service';

const ThemeUpdateItem = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 10 }),
  key: Type.Optional(Type.String()),
  value: Type.String({ maxLength: 2048 }),
  default: Type.Optional(Type.String()),
});

/** Accepts the settings as a list (spec: "body is the settings") or wrapped as `{ settings }`. */
const ThemeUpdateBody = Type.Union([
  Type.Array(ThemeUpdateItem, { minItems: 1, maxItems: 10 }),
  Type.Object({ settings: Type.Array(ThemeUpdateItem, { minItems: 1, maxItems: 10 }) }),
]);

// Even opened on its own, a served SVG may not run anything or load anything.
const SVG_POLICY = "style-src 'unsafe-inline'; img-src data:";

export const themeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/theme/list',
    {
      schema: {
        tags: ['theme'],
        summary: 'The tenant’s theme settings (colours, logo)',
        response: responses(Type.Object({ data: Type.Array(ThemeSetting) })),
      },
      config: { access: { module: 'theme', can: ['read'] } },
    },
    async (request) => ok({ data: await listTheme(app.db, callerOf(request).tenantId) }),
  );

  app.post(
    '/api/theme/update',
    {
      schema: {
        tags: ['theme'],
        summary: 'Change theme settings (colours, logo URL); answers them all',
        body: ThemeUpdateBody,
        response: responses(Type.Object({ data: Type.Array(ThemeSetting) })),
      },
      config: { access: { module: 'theme', can: ['update'] } },
    },
    async (request) => {
      const items = Array.isArray(request.body) ? request.body : request.body.settings;
      return ok({ data: await updateTheme(app.db, app.files, callerOf(request), items) });
    },
  );

  app.post(
    '/api/theme/logo/upload',
    {
      schema: {
        tags: ['theme'],
        summary:
          'Store a logo (PNG, SVG, JPEG or WebP by content, 2 MB at most; SVG cleaned) and return its URL for setting 1',
        consumes: ['multipart/form-data'],
        response: responses(Type.Object({ url: Type.String(), mime: Type.String(), size: Type.Integer() })),
      },
      config: { access: { module: 'theme', can: ['update'] } },
    },
    async (request) => {
      const upload = await readUpload(request, MAX_LOGO_BYTES);
      return ok(await storeLogo(app.files, callerOf(request).tenantId, upload.data));
    },
  );

  app.get(
    '/api/theme/logo/:tenant/:file',
    {
      schema: {
        tags: ['theme'],
        summary: 'A tenant’s logo; public, since sign-in pages and e-mails show it before any session',
        params: Type.Object({ tenant: Id, file: Type.String({ maxLength: 64 }) }),
        response: fileResponses(IMAGE_TYPES),
      },
      config: { access: { public: true } },
    },
    async (request, reply) => {
      const logo = await readLogo(app.files, request.params.tenant, request.params.file);
      if (!logo) throw notFound('Logo');
      // The name is the content's hash, so the file at this URL never changes.
      return sendFile(reply, {
        mime: logo.mime,
        body: logo.stored.stream,
        size: logo.stored.size,
        cache: 'public, max-age=31536000, immutable',
        ...(logo.mime === 'image/svg+xml' ? { policy: SVG_POLICY } : {}),
      });
    },
  );
};
