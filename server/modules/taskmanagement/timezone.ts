/**
 * A task's local times apply in each workspace's own zone; a workspace that names none uses the
 * tenant's default, kept in the settings table under this key (provisioning writes it).
 */
export const TENANT_TIMEZONE_KEY = 'timezone';
export const FALLBACK_TIMEZONE = 'UTC';
