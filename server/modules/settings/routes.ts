import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SettingData, SettingUpdateBody } from '../../../contract/api/settings';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { getSettings, updateSettings } from './service';

export const settingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/setting/get',
    {
      schema: {
        tags: ['settings'],
        summary: 'The tenant’s terms, modules, week start and active workspace limit',
        response: responses(SettingData),
      },
      config: { access: { module: 'setting', can: ['read'] } },
    },
    async (request) => ok(await getSettings(app.db, callerOf(request))),
  );

  app.put(
    '/api/setting/update',
    {
      schema: {
        tags: ['settings'],
        summary: 'Rename terms, switch modules within the plan, set the first day of the week',
        body: SettingUpdateBody,
        response: responses(SettingData),
      },
      config: { access: { module: 'setting', can: ['update'] } },
    },
    async (request) => ok(await updateSettings(app.db, callerOf(request), request.body)),
  );
};
