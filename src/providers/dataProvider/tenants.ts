import type { TenantRecord } from '../../../contract/api/tenants';
import { statusSwitch } from './statusSwitch';

/** Tenant operations beyond react-admin's CRUD. */
export const tenantMethods = {
  /** Disabling signs every user of the tenant out and refuses their sign-ins until it is enabled. */
  setTenantStatus: statusSwitch<TenantRecord>('tenant'),
};
