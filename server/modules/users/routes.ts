import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdBody } from '../../../contract/api/common';
import { forbidden, notFound } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import { scopedAuthOf } from '../../plugins/auth';
import { adminResetPassword } from '../session/service';
import { findTenantUser, isUserInScope } from './repository';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/user/reset-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Send a user a password reset e-mail and require a new password at next sign-in',
        body: IdBody,
        response: responses(
          Type.Object({ id: Type.Integer(), email: Type.String(), force_reset: Type.Boolean() }),
        ),
      },
      config: { access: { module: 'user', can: ['update'] } },
    },
    async (request) => {
      const auth = scopedAuthOf(request);
      const user = await findTenantUser(app.db, auth.tenant.id, request.body.id);
      if (!user) throw notFound('User');
      const inScope = await isUserInScope(
        app.db,
        auth.tenant.id,
        user.id,
        auth.scope,
        auth.position.nodeType === 'root',
      );
      if (!inScope) throw forbidden('This user is outside your part of the organisation.');
      return ok(await adminResetPassword(app.db, app.mailer, app.config.publicUrl, auth.tenant.id, user));
    },
  );
};
