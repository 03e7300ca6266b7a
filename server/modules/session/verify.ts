import type { VerifyData } from '../../../contract/api/session';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { visibleTree } from '../hierarchy/service';
import { loadProfileData } from '../profile/service';
import { loadSettings, loadTerms } from '../settings/service';
import { listTheme } from '../theme/service';
import { avatarUrl, type SessionContext } from './service';

/** Everything the web app needs after sign-in, for the caller at their selected position. */
export async function verify(db: Db, session: SessionContext, caller: Caller): Promise<VerifyData> {
  const { tenantId, user, tenant } = session;
  const [hierarchy, terms, settings, theme, profile] = await Promise.all([
    visibleTree(db, caller),
    loadTerms(db, tenantId),
    loadSettings(db, tenantId),
    listTheme(db, tenantId),
    loadProfileData(db, tenantId, user.id),
  ]);
  return {
    id: user.id,
    force_reset: user.forceReset,
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    preferred_name: user.preferredName,
    avatar_url: avatarUrl(user.avatar),
    email: user.email,
    tenant: { id: tenant.id, identifier: tenant.identifier, name: tenant.name },
    position_list: session.positions.map((p) => ({
      id: p.id,
      node_id: p.nodeId,
      node_type: p.nodeType,
      node_name: p.nodeName,
      role_id: p.roleId,
      role_name: p.roleName,
      selected: p.id === caller.positionId,
    })),
    hierarchy,
    modules: caller.permissions,
    terms,
    settings,
    theme,
    profile_data: profile,
  };
}
