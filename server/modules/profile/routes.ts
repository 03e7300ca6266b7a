import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AvatarUpload, Profile, ProfileUpdateBody, ProfileUpdateResult } from '../../../contract/api/profile';
import { callerOf, can } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { fileResponses, ok, responses, sendFile } from '../../lib/http';
import { RASTER_TYPES } from '../../lib/imageType';
import { readUpload } from '../../lib/uploads';
import { sessionOf } from '../../plugins/auth';
import { avatarExists, MAX_AVATAR_BYTES, readAvatar, storeAvatar } from './avatar';
import { getProfile, updateProfile } from './service';

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/profile/get',
    {
      schema: {
        tags: ['profile'],
        summary: 'The caller’s own profile with the tenant’s active profile fields',
        response: responses(Profile),
      },
      config: { access: { module: 'profile', can: ['read'], tokens: false } },
    },
    async (request) => ok(await getProfile(app.db, callerOf(request))),
  );

  app.put(
    '/api/profile/update',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Update the caller’s own profile (preferred_name, avatar, profile_data); with `password` it changes the password',
        body: ProfileUpdateBody,
        response: responses(ProfileUpdateResult),
      },
      // A user forced to reset may have no role that grants profile.update, so the service decides.
      config: { access: { duringReset: true, position: 'optional', tokens: false } },
    },
    async (request) => {
      const session = sessionOf(request);
      // Without a position (a forced reset, say) there is no role, so only the password may change.
      const canUpdate = request.caller !== undefined && can(request.caller, 'profile', ['update']);
      const result = await updateProfile(app.db, session, request.body, canUpdate, (hash) =>
        avatarExists(app.files, hash),
      );
      return ok({ ...result, ...(await getProfile(app.db, session)) });
    },
  );

  app.post(
    '/api/profile/upload-avatar',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Store a profile picture (PNG, JPEG or WebP by content, 5 MB at most); save its hash with /api/profile/update',
        consumes: ['multipart/form-data'],
        response: responses(AvatarUpload),
      },
      config: { access: { module: 'profile', can: ['update'], tokens: false } },
    },
    async (request) => {
      const upload = await readUpload(request, MAX_AVATAR_BYTES);
      return ok(await storeAvatar(app.files, upload.data));
    },
  );

  app.get(
    '/api/profile/avatar/:hash',
    {
      schema: {
        tags: ['profile'],
        summary: 'A profile picture by its upload hash; public, because <img> sends no bearer token',
        params: Type.Object({ hash: Type.String({ maxLength: 64 }) }),
        response: fileResponses(RASTER_TYPES),
      },
      config: { access: { public: true } },
    },
    async (request, reply) => {
      const avatar = await readAvatar(app.files, request.params.hash);
      if (!avatar) throw notFound('Picture');
      // The name is the content's hash, so the file at this URL never changes.
      return sendFile(reply, {
        mime: avatar.mime,
        body: avatar.stored.stream,
        size: avatar.stored.size,
        cache: 'public, max-age=31536000, immutable',
      });
    },
  );
};
