import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ThemeSetting } from '../../../contract/api/session';
import { THEME_KEYS } from '../../../contract/constants';
import { badRequest } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import { authOf } from '../../plugins/auth';
import { listTheme, saveTheme } from './repository';

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

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

export const themeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/theme/list',
    {
      schema: { tags: ['theme'], response: responses(Type.Object({ data: Type.Array(ThemeSetting) })) },
      config: { access: { module: 'theme', can: ['read'] } },
    },
    async (request) => ok({ data: await listTheme(app.db, authOf(request).tenant.id) }),
  );

  app.post(
    '/api/theme/update',
    {
      schema: {
        tags: ['theme'],
        body: ThemeUpdateBody,
        response: responses(Type.Object({ data: Type.Array(ThemeSetting) })),
      },
      config: { access: { module: 'theme', can: ['update'] } },
    },
    async (request) => {
      const auth = authOf(request);
      const items = Array.isArray(request.body) ? request.body : request.body.settings;
      const errors: Record<string, string> = {};
      for (const item of items) {
        const key = THEME_KEYS.find((k) => k.id === item.id)!;
        if (item.key !== undefined && item.key !== key.key)
          errors[key.key] = `Setting ${item.id} is "${key.key}", not "${item.key}"`;
        else if (key.key !== 'logo' && !HEX_COLOUR.test(item.value)) {
          errors[key.key] = `${key.key} must be a hex colour such as #6b4fbb`;
        }
      }
      if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
      await saveTheme(app.db, auth.tenant.id, items);
      return ok({ data: await listTheme(app.db, auth.tenant.id) });
    },
  );
};
