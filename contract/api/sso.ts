import Type, { type Static } from 'typebox';
import { Id } from './common';

/** Where the browser comes back from the identity provider (registered there as the redirect URI). */
export const SSO_CALLBACK_PATH = '/api/sso/callback';
export const SSO_MAX_DOMAINS = 20;
export const SSO_MAX_BREAK_GLASS = 20;
export const SSO_DOMAIN_PATTERN =
  '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$';

/** Who may sign in for the first time through the provider, and at which position. */
export const SsoCreateUsers = Type.Object({
  enabled: Type.Boolean(),
  node_id: Type.Union([Id, Type.Null()]),
  role_id: Type.Union([Id, Type.Null()]),
});
export type SsoCreateUsers = Static<typeof SsoCreateUsers>;

/** A tenant's OpenID Connect configuration as read back: the client secret is never returned. */
export const SsoConfigData = Type.Object({
  enabled: Type.Boolean(),
  /** Shown on the sign-in page: "Continue with <provider_name>". */
  provider_name: Type.String(),
  issuer: Type.String(),
  client_id: Type.String(),
  /** Whether a client secret is stored (its value is write-only). */
  client_secret_set: Type.Boolean(),
  /**
   * False when a secret is stored but this server's key (SECRET_KEY or DATA_DIR/secret.key) cannot
   * open it, as after a restore without the key it was sealed with: it must be entered again.
   */
  client_secret_opens: Type.Boolean(),
  email_domains: Type.Array(Type.String()),
  /** Password sign-in refused for people of these domains, except the break-glass administrators. */
  sso_only: Type.Boolean(),
  /** Usernames that may still sign in with a password when sso_only is on. */
  break_glass_usernames: Type.Array(Type.String()),
  create_users: SsoCreateUsers,
  /** The address to register at the provider. */
  callback_url: Type.String(),
});
export type SsoConfigData = Static<typeof SsoConfigData>;

export const SsoConfigBody = Type.Object({
  enabled: Type.Boolean(),
  provider_name: Type.String({ maxLength: 60 }),
  issuer: Type.String({ maxLength: 500 }),
  client_id: Type.String({ maxLength: 300 }),
  /** Absent keeps the stored secret; a value replaces it. */
  client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  email_domains: Type.Array(Type.String({ maxLength: 253 }), { maxItems: SSO_MAX_DOMAINS }),
  sso_only: Type.Boolean(),
  break_glass_usernames: Type.Array(Type.String({ maxLength: 200 }), { maxItems: SSO_MAX_BREAK_GLASS }),
  create_users: SsoCreateUsers,
});
export type SsoConfigBody = Static<typeof SsoConfigBody>;

/** The test of a configuration: the issuer's discovery document, read with what is saved or sent. */
export const SsoTestBody = Type.Object({
  issuer: Type.String({ maxLength: 500 }),
});
export type SsoTestBody = Static<typeof SsoTestBody>;

export const SsoTestData = Type.Object({
  ok: Type.Boolean(),
  /** What was found, or what is wrong, in words. */
  message: Type.String(),
});
export type SsoTestData = Static<typeof SsoTestData>;

export const SsoDiscoverQuery = Type.Object({
  username: Type.String({ maxLength: 254 }),
});

/** What the sign-in page offers for an address, decided from its domain alone. */
export const SsoDiscoverData = Type.Object({
  sso: Type.Boolean(),
  /** Where "Continue with …" goes; null without single sign-on. */
  start_url: Type.Union([Type.String(), Type.Null()]),
  provider_name: Type.Union([Type.String(), Type.Null()]),
  /** False when the domain signs in only through the provider (break-glass administrators excepted). */
  password: Type.Boolean(),
});
export type SsoDiscoverData = Static<typeof SsoDiscoverData>;

export const SsoStartQuery = Type.Object({
  username: Type.String({ maxLength: 254 }),
});

export const SsoCallbackQuery = Type.Object({
  state: Type.Optional(Type.String({ maxLength: 2000 })),
  code: Type.Optional(Type.String({ maxLength: 4000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  iss: Type.Optional(Type.String({ maxLength: 500 })),
  session_state: Type.Optional(Type.String({ maxLength: 2000 })),
});
