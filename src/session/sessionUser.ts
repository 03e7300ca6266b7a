import type {
  HierarchyNode,
  PositionEntry,
  TenantSettings,
  ThemeSetting,
  VerifyData,
} from '../../contract/api/session';
import type { Language } from '../../contract/languages';
import { ADMIN_TENANT_IDENTIFIER, type ModulePermission } from '../../contract/modules';
import { type CascaderOption, findNode, toCascader } from './hierarchy';
import { themeValues } from './theme';
import { browserTimeZone, type TimezoneInfo, timezoneInfo } from './timezone';

/** The signed-in user with every field of spec §3, plus what the verify call also carries. */
export interface SessionUser {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
  preferred_name: string | null;
  /** From avatar_url. */
  avatar: string | null;
  email: string;
  /** The person's own language (issue 31); null: the tenant's default, else the browser's. */
  language: Language | null;
  /** The tenant's primary and secondary colours (the full settings are in themeSettings). */
  theme: { primary: string; secondary: string };
  isVerified: boolean;
  permissions: ModulePermission[];
  /** The tenant identifier ("acme"), the value the login answer calls `tenant`. */
  tenantId: string;
  isAdminTenant: boolean;
  position_list: PositionEntry[];
  positionId: number | null;
  token: string;
  workspaceId: number | null;
  workspaceNodeId: number | null;
  timezone: TimezoneInfo;
  rawHierarchy: HierarchyNode[];
  cascaderHierarchy: CascaderOption[];
  forceResetPassword: boolean;
  tenant: { id: number; identifier: string; name: string };
  terms: Record<string, string>;
  settings: TenantSettings;
  themeSettings: ThemeSetting[];
  profileData: VerifyData['profile_data'];
}

function selectedPosition(positions: readonly PositionEntry[]): PositionEntry | undefined {
  return positions.find((p) => p.selected) ?? positions[0];
}

/**
 * Builds the session user from a verify answer. The selected position gives the workspace node;
 * the workspace id is that node's object in the hierarchy (spec §4). The timezone is the profile's
 * when set, else the browser's (spec §9).
 */
export function toSessionUser(
  data: VerifyData,
  token: string,
  browserZone: string = browserTimeZone(),
): SessionUser {
  const position = selectedPosition(data.position_list);
  const node = position ? findNode(data.hierarchy, position.node_id) : undefined;
  const profileZone = data.profile_data.find((p) => p.short_name === 'timezone')?.value?.trim();
  const colours = themeValues(data.theme);
  return {
    id: data.id,
    firstname: data.firstname,
    lastname: data.lastname,
    username: data.username,
    preferred_name: data.preferred_name,
    avatar: data.avatar_url,
    email: data.email,
    language: data.language ?? null,
    theme: { primary: colours.primary, secondary: colours.secondary },
    isVerified: true,
    permissions: data.modules,
    tenantId: data.tenant.identifier,
    isAdminTenant: data.tenant.identifier.toLowerCase() === ADMIN_TENANT_IDENTIFIER,
    position_list: data.position_list,
    positionId: position?.id ?? null,
    token,
    workspaceNodeId: position?.node_id ?? null,
    workspaceId: node?.object_id ?? null,
    timezone: timezoneInfo(profileZone || browserZone),
    rawHierarchy: data.hierarchy,
    cascaderHierarchy: toCascader(data.hierarchy),
    forceResetPassword: data.force_reset,
    tenant: data.tenant,
    terms: data.terms,
    settings: data.settings,
    themeSettings: data.theme,
    profileData: data.profile_data,
  };
}
