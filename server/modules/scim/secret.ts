import { SCIM_TOKEN_PREFIX } from '../../../contract/api/scim';
import { prefixedTokens } from '../../lib/tokens';

/** SCIM tokens (issue 47): `scim_<tenant>.<32 random bytes>`, kept as their hash (lib/tokens.ts). */
const scimTokens = prefixedTokens(SCIM_TOKEN_PREFIX);

export const newScimToken = scimTokens.make;
/** True for what looks like a SCIM token (the guard's fork at /api, where it is refused). */
export const isScimToken = scimTokens.is;
export const readScimToken = scimTokens.read;
