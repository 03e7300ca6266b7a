import ApartmentIcon from '@mui/icons-material/Apartment';
import { lazy } from 'react';
import type { TenantRecord } from '../../../contract/api/tenants';
import { recordRoutes } from '../../routing/recordRoutes';
import type { AppResource } from '../../routing/types';
import { TENANT_PATHS } from './tenantPaths';

/** Tenant management, for platform operators only (spec §2 /tenant-management…). */
export const tenants: AppResource<TenantRecord> = {
  name: 'tenants',
  icon: ApartmentIcon,
  recordRepresentation: (record) => record.name,
  module: 'tenant',
  endpoints: {
    base: '/api/tenant',
    messages: { create: 'errors.tenant_create', update: 'errors.tenant_update' },
  },
  routes: recordRoutes('tenant', TENANT_PATHS.list, {
    list: { title: 'pages.tenant_management', page: lazy(() => import('./TenantList')) },
    create: { title: 'pages.tenant_create', page: lazy(() => import('./TenantCreate')) },
    edit: { title: 'pages.tenant_edit', page: lazy(() => import('./TenantEdit')) },
  }),
};
