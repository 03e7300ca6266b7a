import type { Identifier } from 'react-admin';
import { apiFetch } from '../httpClient';

/**
 * Enables or disables one record of `module` (users, tenants): PUT /api/<module>/enable or
 * /disable with the id in the body, failing in the words of `errors.<module>_<action>`; a 200
 * with an error flag fails too (spec §8).
 */
export const statusSwitch =
  <T>(module: 'user' | 'tenant') =>
  (id: Identifier, action: 'enable' | 'disable') =>
    apiFetch<T>(`/api/${module}/${action}`, {
      method: 'PUT',
      body: { id },
      fallback: `errors.${module}_${action}`,
      failOnErrorFlag: true,
    });
