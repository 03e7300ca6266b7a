import {
  type Capability,
  capabilitiesOf,
  hasCapabilities,
  type ModuleId,
  moduleOpenToTenant,
} from '../../contract/modules';
import type { SessionUser } from '../session/sessionUser';

/**
 * Every access decision of the web app lives here and in resourceAccess.ts (design §8).
 * Components ask through react-admin's canAccess / <CanAccess> / useCanAccess, the route guard and
 * the menu call these functions directly; nothing else reads permissions.
 */
export type AccessSubject = Pick<SessionUser, 'id' | 'permissions' | 'isAdminTenant'>;

/** True when the user holds every listed capability on the module (case-insensitive ids, spec §6). */
export function hasModuleAccess(
  user: AccessSubject | undefined,
  module: ModuleId,
  capabilities: readonly Capability[] = ['read'],
): boolean {
  if (!user || !moduleOpenToTenant(module, user.isAdminTenant)) return false;
  const known = capabilitiesOf(module);
  if (!capabilities.every((c) => known.includes(c))) return false;
  return hasCapabilities(user.permissions, module, capabilities);
}

/** What a route or menu entry needs: a module's capabilities, a placeholder, or nothing beyond a session. */
export type AccessRule =
  | { module: ModuleId; can?: readonly Capability[] }
  | { placeholder: true }
  | { open: true };

/** A route's or menu entry's rule: the module's capabilities (read when none is named). */
export const needs = (module: ModuleId, ...can: Capability[]): AccessRule => ({
  module,
  can: can.length ? can : ['read'],
});

/**
 * Spec §2 does not give the placeholder modules (library, insights, orders, survey) a module id
 * and §6 has none to give, so no role can withhold them: every user of a customer tenant may open
 * them, and platform operators (admin tenant, who see only Tenant) may not.
 */
export const PLACEHOLDER_ACCESS: AccessRule = { placeholder: true };

export function satisfies(user: AccessSubject | undefined, rule: AccessRule): boolean {
  if (!user) return false;
  if ('open' in rule) return true;
  if ('placeholder' in rule) return !user.isAdminTenant;
  return hasModuleAccess(user, rule.module, rule.can ?? ['read']);
}
