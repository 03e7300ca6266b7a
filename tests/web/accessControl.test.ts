// @vitest-environment node
// Pure logic: no DOM needed, so no jsdom to build for this file.
import { describe, expect, it } from 'vitest';
import type { ModulePermission } from '../../contract/modules';
import { type AccessSubject, hasModuleAccess, satisfies } from '../../src/providers/accessControl';
import {
  type AccessRequest,
  canAccess as canAccessIn,
  capabilityOfAction,
  moduleOfResource,
  PLACEHOLDER_RESOURCE,
} from '../../src/providers/resourceAccess';
import { RESOURCES } from '../../src/screenRegistry';
import { permissionsOf } from './fixtures';

// As AdminApp's authProvider asks: about the registered resources.
const canAccess = (user: AccessSubject | undefined, request: AccessRequest) =>
  canAccessIn(RESOURCES, user, request);

const subject = (permissions: ModulePermission[], isAdminTenant = false, id = 7): AccessSubject => ({
  id,
  permissions,
  isAdminTenant,
});

describe('accessControl', () => {
  it('maps react-admin actions and resources to spec §6 capabilities and modules', () => {
    expect(capabilityOfAction('list')).toBe('read');
    expect(capabilityOfAction('show')).toBe('read');
    expect(capabilityOfAction('edit')).toBe('update');
    expect(capabilityOfAction('create')).toBe('create');
    expect(capabilityOfAction('enable')).toBe('disable');
    expect(capabilityOfAction('fly')).toBeUndefined();
    expect(moduleOfResource(RESOURCES, 'users')).toBe('user');
    expect(moduleOfResource(RESOURCES, 'users.role')).toBe('user');
    expect(moduleOfResource(RESOURCES, 'TaskManagement')).toBe('taskmanagement');
    expect(moduleOfResource(RESOURCES, 'unknown')).toBeUndefined();
  });

  it('grants an action only when the module entry holds the capability', () => {
    const user = subject(permissionsOf('Store Manager'));
    expect(canAccess(user, { action: 'list', resource: 'users' })).toBe(true);
    expect(canAccess(user, { action: 'edit', resource: 'users' })).toBe(true);
    expect(canAccess(user, { action: 'create', resource: 'users' })).toBe(false);
    expect(canAccess(user, { action: 'disable', resource: 'users' })).toBe(false);
    expect(canAccess(user, { action: 'complete', resource: 'compliance' })).toBe(true);
  });

  it('compares module ids and capabilities case-insensitively', () => {
    const user = subject([
      { id: 'AUDIT' as ModulePermission['id'], status: 'active', capabilities: ['Read' as 'read'] },
    ]);
    expect(canAccess(user, { action: 'read', resource: 'audit' })).toBe(true);
    expect(hasModuleAccess(user, 'audit', ['read'])).toBe(true);
  });

  it('treats an inactive module entry as no access', () => {
    const user = subject([{ id: 'report', status: 'inactive', capabilities: ['read'] }]);
    expect(canAccess(user, { action: 'list', resource: 'report' })).toBe(false);
  });

  it('denies unknown resources, unknown actions and capabilities a module does not know', () => {
    const user = subject(permissionsOf('Administrator'));
    expect(canAccess(user, { action: 'list', resource: 'spaceships' })).toBe(false);
    expect(canAccess(user, { action: 'launch', resource: 'users' })).toBe(false);
    expect(hasModuleAccess(user, 'role', ['complete'])).toBe(false);
    expect(canAccess(undefined, { action: 'list', resource: 'users' })).toBe(false);
  });

  it('needs manage to edit or delete a task written by someone else', () => {
    const area = subject(permissionsOf('Area Manager'), false, 7);
    const admin = subject(permissionsOf('Administrator'), false, 8);
    expect(canAccess(area, { action: 'edit', resource: 'tasks', record: { id: 1, author_id: 7 } })).toBe(
      true,
    );
    expect(canAccess(area, { action: 'edit', resource: 'tasks', record: { id: 1, author_id: 9 } })).toBe(
      false,
    );
    expect(canAccess(admin, { action: 'delete', resource: 'tasks', record: { id: 1, created_by: 9 } })).toBe(
      true,
    );
  });

  it('keeps tenant management to the admin tenant and the admin tenant to tenant management', () => {
    const operator = subject(permissionsOf('Platform Operator'), true);
    expect(canAccess(operator, { action: 'list', resource: 'tenants' })).toBe(true);
    expect(canAccess(operator, { action: 'read', resource: 'profile' })).toBe(true);
    // Their own log (tenant management and their sign-ins, issue 32) is theirs to read.
    expect(canAccess(operator, { action: 'read', resource: 'activity' })).toBe(true);
    expect(satisfies(operator, { module: 'activity', can: ['read'] })).toBe(true);
    // Even a stray grant never opens customer modules to an operator, nor tenants to a customer.
    const stray = subject(
      [...permissionsOf('Platform Operator'), { id: 'user', status: 'active', capabilities: ['read'] }],
      true,
    );
    expect(canAccess(stray, { action: 'list', resource: 'users' })).toBe(false);
    const customer = subject([{ id: 'tenant', status: 'active', capabilities: ['read'] }]);
    expect(canAccess(customer, { action: 'list', resource: 'tenants' })).toBe(false);
  });

  it('opens placeholder modules to every customer-tenant user and to no operator', () => {
    expect(canAccess(subject([]), { action: 'read', resource: PLACEHOLDER_RESOURCE })).toBe(true);
    expect(canAccess(subject([], true), { action: 'read', resource: PLACEHOLDER_RESOURCE })).toBe(false);
  });

  it('checks every capability a route rule lists', () => {
    const area = subject(permissionsOf('Area Manager'));
    expect(satisfies(area, { module: 'workspace', can: ['read', 'update'] })).toBe(true);
    expect(satisfies(area, { module: 'hierarchy', can: ['read', 'update'] })).toBe(false);
    expect(satisfies(area, { module: 'hierarchy' })).toBe(true);
    expect(satisfies(area, { open: true })).toBe(true);
    expect(satisfies(undefined, { open: true })).toBe(false);
  });
});
