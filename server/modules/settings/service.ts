import {
  ALWAYS_ON_MODULES,
  type SettingData,
  type SettingUpdateBody,
  TERM_KEY_PATTERN,
  TERM_MAX_LENGTH,
} from '../../../contract/api/settings';
import { MODULES, type ModuleId } from '../../../contract/modules';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { bumpPeople, bumpVersion } from '../../lib/versions';
import { countWorkspaces } from '../../lib/workspaceCount';
import {
  DEFAULT_SETTINGS,
  insertModules,
  listTenantModules,
  loadAllowedModules,
  loadEffectivePermissions,
  loadRetentionDays,
  loadSettings,
  loadTerms,
  saveLanguage,
  saveRetentionDays,
  saveSetting,
  saveTerms,
  setAllowedModules,
  setEnabledModules,
} from './repository';

// What other modules use as it is: the session reads permissions, terms and settings for the web
// app; the workspace limit reads max_active_workspace and the tenant's word for a workspace; the
// platform operators set the modules a customer tenant may use.
export { loadEffectivePermissions, loadSettings, loadTerms, setAllowedModules };

const TERM_KEY = new RegExp(TERM_KEY_PATTERN);
const alwaysOn = (id: string) => (ALWAYS_ON_MODULES as readonly string[]).includes(id);

export async function getSettings(db: Db, caller: Caller): Promise<SettingData> {
  const { tenantId } = caller;
  const [terms, settings, allowed, rows, workspaces, retention] = await Promise.all([
    loadTerms(db, tenantId),
    loadSettings(db, tenantId),
    loadAllowedModules(db, tenantId),
    listTenantModules(db, tenantId),
    countWorkspaces(db, tenantId),
    loadRetentionDays(db, tenantId),
  ]);
  const enabled = new Set(rows.filter((r) => r.enabled).map((r) => r.module.toLowerCase()));
  return {
    terms,
    modules: allowed.map((id) => ({
      id,
      label: MODULES[id].label,
      enabled: enabled.has(id) || alwaysOn(id),
      editable: !alwaysOn(id),
    })),
    week_starting_day: settings.week_starting_day,
    max_active_workspace: settings.max_active_workspace,
    active_workspaces: workspaces.active,
    activity_retention_days: retention,
    language: settings.language ?? null,
  };
}

/** Checks the whole request first and reports every bad field at once; nothing is written on error. */
async function validate(db: Db, tenantId: number, body: SettingUpdateBody) {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const removed: string[] = [];
  for (const [key, raw] of Object.entries(body.terms ?? {})) {
    const value = raw.trim();
    if (!TERM_KEY.test(key)) errors[`terms.${key}`] = `"${key}" is not a term the product uses`;
    else if (value.length > TERM_MAX_LENGTH)
      errors[`terms.${key}`] = `Keep the ${key} term to ${TERM_MAX_LENGTH} characters or fewer`;
    else if (value) values[key] = value;
    else removed.push(key);
  }

  const switches: { id: ModuleId; enabled: boolean }[] = [];
  if (body.modules) {
    const allowed = new Set<string>(await loadAllowedModules(db, tenantId));
    for (const entry of body.modules) {
      const id = entry.id.trim().toLowerCase();
      if (!allowed.has(id))
        errors[`modules.${entry.id}`] = `${entry.id} is not part of your plan; ask Storeline to add it`;
      else if (alwaysOn(id) && !entry.enabled)
        errors[`modules.${id}`] = 'Settings cannot be switched off: nobody could switch it back on';
      else switches.push({ id: id as ModuleId, enabled: entry.enabled });
    }
  }

  if (body.max_active_workspace !== undefined) {
    const { max_active_workspace } = await loadSettings(db, tenantId);
    if (body.max_active_workspace !== max_active_workspace)
      errors.max_active_workspace =
        'The active {workspace_lower} limit is set by Storeline; ask us to change it';
  }
  const retention = body.activity_retention_days;
  if (retention !== undefined && retention > 0 && retention < 30)
    errors.activity_retention_days = 'Keep the activity log at least 30 days, or 0 to keep everything';
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  return { values, removed, switches };
}

export async function updateSettings(db: Db, caller: Caller, body: SettingUpdateBody): Promise<SettingData> {
  const { tenantId } = caller;
  await db.transaction(async (tx) => {
    const { values, removed, switches } = await validate(tx, tenantId, body);
    await saveTerms(tx, tenantId, values, removed);
    if (switches.length) await setEnabledModules(tx, tenantId, switches);
    if (body.week_starting_day !== undefined)
      await saveSetting(tx, tenantId, 'week_starting_day', body.week_starting_day);
    if (body.activity_retention_days !== undefined)
      await saveRetentionDays(tx, tenantId, body.activity_retention_days);
    if (body.language !== undefined) await saveLanguage(tx, tenantId, body.language);
    // Terms and settings are in verify (settings); everyone's guard reads the enabled modules.
    if (switches.length) await bumpPeople(tx, tenantId, 'everyone', 'settings');
    else await bumpVersion(tx, tenantId, 'settings');
  });
  return getSettings(db, caller);
}

/** The platform operators' limit on the tenant's active workspaces. */
export async function setWorkspaceLimit(db: Db, tenantId: number, max: number) {
  await saveSetting(db, tenantId, 'max_active_workspace', max);
}

/**
 * A new tenant's settings: terms, week start, active workspace limit, and its modules (a customer
 * tenant's within the given ceiling, all switched on; the admin tenant's are fixed).
 */
export async function setUpSettings(
  db: Db,
  tenantId: number,
  input: {
    modules: readonly ModuleId[];
    terms: Record<string, string>;
    weekStartingDay?: number;
    maxActiveWorkspace?: number;
  },
  isAdminTenant: boolean,
) {
  if (isAdminTenant) await insertModules(db, tenantId, ['tenant', 'profile', 'activity']);
  else await setAllowedModules(db, tenantId, input.modules);
  await saveTerms(db, tenantId, input.terms, []);
  await saveSetting(
    db,
    tenantId,
    'week_starting_day',
    input.weekStartingDay ?? DEFAULT_SETTINGS.week_starting_day,
  );
  await setWorkspaceLimit(db, tenantId, input.maxActiveWorkspace ?? DEFAULT_SETTINGS.max_active_workspace);
}
