import type { Identifier } from 'react-admin';
import type { TenantRecord } from '../../../contract/api/tenants';
import { apiFetch } from '../httpClient';

/** Tenant operations beyond react-admin's CRUD. */
export const tenantMethods = {
  /** Disabling signs every user of the tenant out and refuses their sign-ins until it is enabled. */
  setTenantStatus: (id: Identifier, action: 'enable' | 'disable') =>
    apiFetch<TenantRecord>(`/api/tenant/${action}`, {
      method: 'PUT',
      body: { id },
      fallback: `errors.tenant_${action}`,
      failOnErrorFlag: true,
    }),
};
