import ApartmentIcon from '@mui/icons-material/Apartment';
import { lazy } from 'react';
import type { TenantRecord } from '../../../contract/api/tenants';

/** Tenant management screens (admin tenant only), mounted by the route table at spec §2's paths. */
export const tenants = {
  list: lazy(() => import('./TenantList')),
  create: lazy(() => import('./TenantCreate')),
  edit: lazy(() => import('./TenantEdit')),
  icon: ApartmentIcon,
  recordRepresentation: (record: TenantRecord) => record.name,
};
