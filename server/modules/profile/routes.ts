import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ProfileUpdateBody } from '../../../contract/api/session';
import { hasCapabilities } from '../../../contract/modules';
import { badRequest } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import { authOf } from '../../plugins/auth';
import { changeOwnPassword } from '../session/service';

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/profile/update',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update the caller’s own profile; with `password` it changes the password',
        body: ProfileUpdateBody,
        response: responses(Type.Object({ password_changed: Type.Boolean() })),
      },
      // A user forced to reset may have no role that grants profile.update, so the service decides.
      config: { access: { duringReset: true, position: 'optional' } },
    },
    async (request) => {
      const auth = authOf(request);
      const { password, current_password } = request.body;
      if (password === undefined) throw badRequest('Nothing to update', { password: 'password is required' });
      const canUpdate = hasCapabilities(auth.permissions, 'profile', ['update']);
      await changeOwnPassword(app.db, auth, { password, current_password }, canUpdate);
      return ok({ password_changed: true });
    },
  );
};
