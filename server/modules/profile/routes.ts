import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Profile, ProfileUpdateBody, ProfileUpdateResult } from '../../../contract/api/profile';
import { hasCapabilities } from '../../../contract/modules';
import { ok, responses } from '../../lib/http';
import { authOf } from '../../plugins/auth';
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
      config: { access: { module: 'profile', can: ['read'] } },
    },
    async (request) => ok(await getProfile(app.db, authOf(request))),
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
      config: { access: { duringReset: true, position: 'optional' } },
    },
    async (request) => {
      const auth = authOf(request);
      const canUpdate = hasCapabilities(auth.permissions, 'profile', ['update']);
      const result = await updateProfile(app.db, auth, request.body, canUpdate, async () => false);
      return ok({ ...result, ...(await getProfile(app.db, auth)) });
    },
  );
};
