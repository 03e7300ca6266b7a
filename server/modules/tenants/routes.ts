import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdBody, Paged } from '../../../contract/api/common';
import {
  TenantCreateBody,
  TenantListQuery,
  TenantRecord,
  TenantUpdateBody,
} from '../../../contract/api/tenants';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { recordRoutes } from '../../lib/recordRoutes';
import { createTenant, getTenant, listManagedTenants, setTenantStatus, updateTenant } from './service';

/** Tenant management: the admin tenant's platform operators only (spec §2, design §4). */
export const tenantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/tenant/list',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Customer tenants with status, active workspaces against the limit, and user counts',
        querystring: TenantListQuery,
        response: responses(Paged(TenantRecord)),
      },
      config: { access: { module: 'tenant', can: ['read'] } },
    },
    async (request) => {
      const { query } = request;
      const { data, total } = await listManagedTenants(app.db, callerOf(request), query);
      return ok({ data, total, page: query.page, per_page: query.per_page });
    },
  );

  recordRoutes(app, {
    stem: '/api/tenant',
    noun: 'tenant',
    tags: ['tenants'],
    access: 'tenant',
    record: TenantRecord,
    get: { run: (caller, id) => getTenant(app.db, caller, id) },
    create: {
      summary: 'Provision a tenant and e-mail its first administrator an invitation to set a password',
      body: TenantCreateBody,
      run: (caller, body) => createTenant(app.db, app.mailer, app.config.publicUrl, caller, body),
    },
    update: {
      summary: 'Rename a tenant, change the modules it may use or its active workspace limit',
      body: TenantUpdateBody,
      run: (caller, body) => updateTenant(app.db, caller, body),
    },
  });

  app.put(
    '/api/tenant/disable',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Refuse the tenant’s sign-ins and end all of its sessions',
        body: IdBody,
        response: responses(TenantRecord),
      },
      config: { access: { module: 'tenant', can: ['update'] } },
    },
    async (request) => ok(await setTenantStatus(app.db, callerOf(request), request.body.id, false)),
  );

  app.put(
    '/api/tenant/enable',
    {
      schema: {
        tags: ['tenants'],
        summary: 'Let a disabled tenant’s people sign in again',
        body: IdBody,
        response: responses(TenantRecord),
      },
      config: { access: { module: 'tenant', can: ['update'] } },
    },
    async (request) => ok(await setTenantStatus(app.db, callerOf(request), request.body.id, true)),
  );
};
