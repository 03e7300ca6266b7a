import ApartmentIcon from '@mui/icons-material/Apartment';
import { lazy } from 'react';
import type { TenantRecord } from '../../../contract/api/tenants';
import { needs } from '../../providers/accessControl';
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
  routes: [
    {
      path: TENANT_PATHS.list,
      access: needs('tenant', 'read', 'update'),
      title: 'pages.tenant_management',
      page: lazy(() => import('./TenantList')),
    },
    {
      path: TENANT_PATHS.create,
      access: needs('tenant', 'create'),
      title: 'pages.tenant_create',
      page: lazy(() => import('./TenantCreate')),
    },
    {
      path: '/tenant-management/edit/:id',
      access: needs('tenant', 'update'),
      title: 'pages.tenant_edit',
      page: lazy(() => import('./TenantEdit')),
    },
  ],
};
