import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ProfileField,
  ProfileFieldCreateBody,
  ProfileFieldList,
  ProfileFieldReorderBody,
  ProfileFieldUpdateBody,
} from '../../../contract/api/profile';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { recordRoutes } from '../../lib/recordRoutes';
import * as fields from './service';

/** Profile Management: the fields every person of the tenant fills in on their profile. */
export const profileFieldRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/profile-field/list',
    {
      schema: {
        tags: ['profile fields'],
        summary: 'Every profile field of the tenant, in form order',
        response: responses(ProfileFieldList),
      },
      config: { access: { module: 'profilemanagement', can: ['read'] } },
    },
    async (request) => ok(await fields.list(app.db, callerOf(request))),
  );

  recordRoutes(app, {
    stem: '/api/profile-field',
    noun: 'profile field',
    tags: ['profile fields'],
    access: 'profilemanagement',
    record: ProfileField,
    get: { run: (caller, id) => fields.get(app.db, caller, id) },
    create: { body: ProfileFieldCreateBody, run: (caller, body) => fields.create(app.db, caller, body) },
    update: {
      body: ProfileFieldUpdateBody,
      run: (caller, body) => fields.update(app.db, caller, body.id, body),
    },
    remove: {
      summary: 'Delete a field and every value people entered in it (not the built-in time zone)',
      run: (caller, id) => fields.remove(app.db, caller, id),
    },
  });

  app.put(
    '/api/profile-field/reorder',
    {
      schema: {
        tags: ['profile fields'],
        summary: 'Put the fields in a new order (every field id, once)',
        body: ProfileFieldReorderBody,
        response: responses(ProfileFieldList),
      },
      config: { access: { module: 'profilemanagement', can: ['update'] } },
    },
    async (request) => ok(await fields.reorder(app.db, callerOf(request), request.body)),
  );
};
