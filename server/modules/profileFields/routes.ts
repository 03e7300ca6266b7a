import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdQuery } from '../../../contract/api/common';
import {
  ProfileField,
  ProfileFieldCreateBody,
  ProfileFieldList,
  ProfileFieldReorderBody,
  ProfileFieldUpdateBody,
} from '../../../contract/api/profile';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
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

  app.get(
    '/api/profile-field/get',
    {
      schema: { tags: ['profile fields'], querystring: IdQuery, response: responses(ProfileField) },
      config: { access: { module: 'profilemanagement', can: ['read'] } },
    },
    async (request) => ok(await fields.get(app.db, callerOf(request), request.query.id)),
  );

  app.post(
    '/api/profile-field/create',
    {
      schema: { tags: ['profile fields'], body: ProfileFieldCreateBody, response: responses(ProfileField) },
      config: { access: { module: 'profilemanagement', can: ['create'] } },
    },
    async (request) => ok(await fields.create(app.db, callerOf(request), request.body)),
  );

  app.put(
    '/api/profile-field/update',
    {
      schema: { tags: ['profile fields'], body: ProfileFieldUpdateBody, response: responses(ProfileField) },
      config: { access: { module: 'profilemanagement', can: ['update'] } },
    },
    async (request) => ok(await fields.update(app.db, callerOf(request), request.body.id, request.body)),
  );

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

  app.delete(
    '/api/profile-field/delete',
    {
      schema: {
        tags: ['profile fields'],
        summary: 'Delete a field and every value people entered in it (not the built-in time zone)',
        querystring: IdQuery,
        response: responses(Type.Object({ id: Type.Integer() })),
      },
      config: { access: { module: 'profilemanagement', can: ['delete'] } },
    },
    async (request) => ok(await fields.remove(app.db, callerOf(request), request.query.id)),
  );
};
