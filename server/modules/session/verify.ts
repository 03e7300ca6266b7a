import type { VerifyData } from '../../../contract/api/session';
import { isLanguage } from '../../../contract/languages';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { ok } from '../../lib/http';
import { verifyTreeJson } from '../hierarchy/treeCache';
import { loadProfileData } from '../profileFields/values';
import { loadSettings, loadTerms } from '../settings/service';
import { listTheme } from '../theme/service';
import { avatarUrl, type SessionContext } from './service';

/** Where verify's body carries the hierarchy, spliced in already serialised. */
const HIERARCHY_SLOT = '"hierarchy":[]';

/**
 * Everything the web app needs after sign-in, for the caller at their selected position, as the
 * route's JSON. The hierarchy (up to megabytes at thousands of stores) comes serialised from the
 * tenant's tree cache; the rest goes through the route's own serialiser (`serialise`).
 */
export async function verifyBody(
  db: Db,
  session: SessionContext,
  caller: Caller,
  serialise: (payload: { status: number; data: VerifyData }) => string,
): Promise<string> {
  const [hierarchy, data] = await Promise.all([
    verifyTreeJson(db, caller, session.versions.tree),
    verify(db, session, caller),
  ]);
  const body = serialise(ok({ ...data, hierarchy: [] }));
  // Every field before `hierarchy` is a number, a boolean or an escaped string, so the first
  // occurrence is the slot (a function, so `$` in node names is not a replacement pattern).
  return body.replace(HIERARCHY_SLOT, () => `"hierarchy":${hierarchy}`);
}

/** Everything verify sends but the hierarchy. */
async function verify(
  db: Db,
  session: SessionContext,
  caller: Caller,
): Promise<Omit<VerifyData, 'hierarchy'>> {
  const { tenantId, user, tenant } = session;
  const [terms, settings, theme, profile] = await Promise.all([
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
    language: isLanguage(user.language) ? user.language : null,
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
    modules: caller.permissions,
    terms,
    settings,
    theme,
    profile_data: profile,
  };
}
