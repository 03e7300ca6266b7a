import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ScimGroup,
  ScimGroupList,
  ScimGroupUpdateBody,
  ScimSettings,
  ScimSettingsBody,
  ScimToken,
  ScimTokenCreateBody,
  ScimTokenCreated,
  ScimTokenIdBody,
  ScimTokenIdQuery,
  ScimTokenList,
} from '../../../contract/api/scim';
import { fullName } from '../../../contract/personName';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import type { ActivitySetting } from '../../plugins/activity';
import { type Access, sessionOf } from '../../plugins/auth';
import * as groups from './groupSettings';
import * as settings from './settings';
import * as tokens from './tokens';

const tags = ['scim'];

/**
 * Managed as the tenant's other settings are (setting.update, as API tokens and single sign-on),
 * and by a person only: neither an API token nor a SCIM token can make or see SCIM tokens.
 */
const MANAGE: Access = { module: 'setting', can: ['update'], tokens: false };
const activity: ActivitySetting = { entity: 'scim' };

/** Directory provisioning's management (issue 47): SCIM tokens and what a SCIM DELETE does. */
export const scimManagementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/scim/token/create',
    {
      schema: {
        tags,
        summary: 'Make a SCIM token for the company’s directory; the secret is in this answer only',
        body: ScimTokenCreateBody,
        response: responses(ScimTokenCreated),
      },
      config: { access: MANAGE, activity },
    },
    async (request) =>
      ok(await tokens.create(app.db, callerOf(request), fullName(sessionOf(request).user), request.body)),
  );

  app.get(
    '/api/scim/token/list',
    {
      schema: {
        tags,
        summary: 'The tenant’s SCIM tokens, with their last use (never their secret)',
        response: responses(ScimTokenList),
      },
      config: { access: MANAGE },
    },
    async (request) => ok(await tokens.list(app.db, callerOf(request))),
  );

  app.post(
    '/api/scim/token/rotate',
    {
      schema: {
        tags,
        summary: 'A new secret for a SCIM token (in this answer only); the old secret stops working at once',
        body: ScimTokenIdBody,
        response: responses(ScimTokenCreated),
      },
      config: { access: MANAGE, activity },
    },
    async (request) => ok(await tokens.rotate(app.db, callerOf(request), request.body.id)),
  );

  app.delete(
    '/api/scim/token/delete',
    {
      schema: {
        tags,
        summary: 'Delete a SCIM token: the directory using it is refused from its next request on',
        querystring: ScimTokenIdQuery,
        response: responses(ScimToken),
      },
      config: { access: MANAGE, activity },
    },
    async (request) => ok(await tokens.remove(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/scim/setting',
    {
      schema: {
        tags,
        summary: 'Where the directory sends its requests, and what its DELETE of a person does',
        response: responses(ScimSettings),
      },
      config: { access: MANAGE },
    },
    async (request) =>
      ok(await settings.getSettings(app.db, callerOf(request).tenantId, app.config.publicUrl)),
  );

  app.put(
    '/api/scim/setting/update',
    {
      schema: {
        tags,
        summary:
          'Choose what the directory’s DELETE of a person does: disable them (the default) or delete them',
        body: ScimSettingsBody,
        response: responses(ScimSettings),
      },
      config: { access: MANAGE, activity },
    },
    async (request) =>
      ok(
        await settings.updateSettings(app.db, callerOf(request).tenantId, app.config.publicUrl, request.body),
      ),
  );

  app.get(
    '/api/scim/group/list',
    {
      schema: {
        tags,
        summary: 'The groups the directory pushed, with how many people each holds and the position it gives',
        response: responses(ScimGroupList),
      },
      config: { access: MANAGE },
    },
    async (request) => ok(await groups.listGroups(app.db, callerOf(request).tenantId)),
  );

  app.put(
    '/api/scim/group/update',
    {
      schema: {
        tags,
        summary:
          'Choose the position (node and role) a group gives its members, or none: its members’ positions follow',
        body: ScimGroupUpdateBody,
        response: responses(ScimGroup),
      },
      config: { access: MANAGE, activity },
    },
    async (request) => ok(await groups.updateMapping(app.db, callerOf(request), request.body)),
  );
};
