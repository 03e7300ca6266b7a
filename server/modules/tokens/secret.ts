import { API_TOKEN_PREFIX } from '../../../contract/api/tokens';
import { prefixedTokens } from '../../lib/tokens';

/** API tokens (issue 46): `stl_<tenant>.<32 random bytes>`, kept as their hash (lib/tokens.ts). */
const apiTokens = prefixedTokens(API_TOKEN_PREFIX);

export const newApiToken = apiTokens.make;
/** True for what looks like an API token rather than a session token (the guard's fork). */
export const isApiToken = apiTokens.is;
export const readApiToken = apiTokens.read;
