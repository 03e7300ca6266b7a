import Type, { type Static } from 'typebox';
import { Id, Literals } from './common';

/**
 * API tokens (issue 46): a program's credential, made by an administrator, acting as the
 * administrator's position within the token's scopes. `Authorization: Bearer stl_…` on the routes
 * the web app uses; session tokens never start with the prefix, which is how the guard tells them apart.
 */
export const API_TOKEN_PREFIX = 'stl_';

/** Tokens of a tenant that may be live (not revoked) at once: the list stays one screen long. */
export const MAX_LIVE_API_TOKENS = 50;

/** `<module>.<capability>` of the permission catalogue (contract/modules.ts, spec §6): `task.read`… */
export const ApiTokenScope = Type.String({ minLength: 3, maxLength: 64 });

export const TokenCreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 80, description: 'Names the token in the list and the log' }),
  scopes: Type.Array(ApiTokenScope, {
    minItems: 1,
    maxItems: 200,
    description: '`<module>.<capability>`, each granted to your own role (e.g. `storeinfo.read`)',
  }),
  expires_at: Type.Optional(
    Type.Union([
      Type.String({ format: 'date-time', description: 'ISO-8601 instant, in the future' }),
      Type.Null(),
    ]),
  ),
});
export type TokenCreateBody = Static<typeof TokenCreateBody>;

export const ApiTokenStatus = Literals('active', 'expired', 'revoked');
export type ApiTokenStatus = Static<typeof ApiTokenStatus>;

/** A token as the list shows it: never its secret, only the first characters to recognise it by. */
export const ApiToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The token’s first characters, to recognise it (not usable)' }),
  scopes: Type.Array(Type.String()),
  created_by: Type.Object({ id: Type.Integer(), name: Type.String() }),
  created_at: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  revoked_at: Type.Union([Type.String(), Type.Null()]),
  status: ApiTokenStatus,
});
export type ApiToken = Static<typeof ApiToken>;

export const ApiTokenList = Type.Array(ApiToken);
export type ApiTokenList = Static<typeof ApiTokenList>;

/** What creating a token answers: the token itself, shown this once and never again. */
export const TokenCreated = Type.Object({
  ...ApiToken.properties,
  token: Type.String({ description: 'The secret: shown once, stored only as a hash' }),
});
export type TokenCreated = Static<typeof TokenCreated>;

export const TokenDeleteQuery = Type.Object({ id: Id });
