import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoDiscoverData } from '../../../contract/api/sso';
import type { SsoError } from '../../../contract/ssoErrors';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pgErrors';
import type { SecretBox } from '../../lib/secretBox';
import { emailDomain } from '../../lib/ssoOnly';
import { hashToken } from '../../lib/tokens';
import { bumpPeople, bumpStores, storesOfUser } from '../../lib/versions';
import type { SessionOrigin } from '../session/device';
import { startSession } from '../session/service';
import { addPeople, type UserRow } from '../users/service';
import {
  authorizationUrl,
  discover,
  exchangeCode,
  isProtocolError,
  type LoginChecks,
  newChecks,
  type ProviderSettings,
  type SignedInClaims,
} from './protocol';
import {
  findByDomain,
  findConfig,
  findTenant,
  findUsersByEmail,
  insertLogin,
  listDomains,
  type SsoConfigRow,
  takeLogin,
} from './repository';
import { callbackUrl } from './service';

/** How long a person has at the provider between "Continue" and coming back. */
export const LOGIN_TTL_SECONDS = 600;

/** A sign-in that ends back on /login, with the reason in the address and the details in the log. */
export class SsoFailure extends Error {
  constructor(
    readonly reason: SsoError,
    detail: string,
  ) {
    super(detail);
  }
}

const NOT_SSO: SsoDiscoverData = { sso: false, start_url: null, provider_name: null, password: true };

/** What the sign-in page offers for an address: decided from its domain, never from the person. */
export async function discoverFor(db: Db, username: string): Promise<SsoDiscoverData> {
  const domain = emailDomain(username);
  const found = domain ? await findByDomain(db, domain) : undefined;
  if (!found?.config.enabled || !found.tenant.enabled) return NOT_SSO;
  return {
    sso: true,
    start_url: `/api/sso/start?username=${encodeURIComponent(username.trim())}`,
    provider_name: found.config.providerName,
    password: !found.config.ssoOnly,
  };
}

function providerSettings(box: SecretBox, config: SsoConfigRow): ProviderSettings {
  if (!config.clientSecretSealed) throw new SsoFailure('sso_not_configured', 'no client secret is stored');
  let clientSecret: string;
  try {
    clientSecret = box.open(config.clientSecretSealed);
  } catch {
    throw new SsoFailure(
      'sso_not_configured',
      'the stored client secret cannot be opened with this SECRET_KEY; enter the secret again',
    );
  }
  return { issuer: config.issuer, clientId: config.clientId, clientSecret };
}

async function discoverProvider(settings: ProviderSettings) {
  try {
    return await discover(settings);
  } catch (err) {
    throw new SsoFailure('sso_provider', `discovery at ${settings.issuer} failed: ${String(err)}`);
  }
}

/**
 * Starts a sign-in at the provider of the address's domain: the checks go to the database (any
 * process may take the callback) and the state to the browser, which must bring it back.
 */
export async function startSignIn(
  db: Db,
  box: SecretBox,
  publicUrl: string,
  username: string,
): Promise<{ redirect: string; cookie: string }> {
  const domain = emailDomain(username);
  const found = domain ? await findByDomain(db, domain) : undefined;
  if (!found?.config.enabled) throw new SsoFailure('sso_not_configured', `no provider for ${domain}`);
  if (!found.tenant.enabled)
    throw new SsoFailure('sso_tenant_disabled', `tenant ${found.tenant.id} is disabled`);
  const config = await discoverProvider(providerSettings(box, found.config));
  const checks = newChecks();
  await insertLogin(db, found.tenant.id, {
    stateHash: hashToken(checks.state),
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    expiresAt: new Date(Date.now() + LOGIN_TTL_SECONDS * 1000),
  });
  return {
    redirect: await authorizationUrl(config, callbackUrl(publicUrl), checks, username.trim()),
    cookie: `${found.tenant.id}.${checks.state}`,
  };
}

export interface CallbackInput {
  /** The state cookie the browser brought back ("<tenant>.<state>"). */
  cookie: string | undefined;
  /** The callback's query string as the provider sent it. */
  search: string;
  /** The browser coming back: the new session records it (its person's list of sessions shows it). */
  origin: SessionOrigin;
}

/** Finishes a sign-in: the verified ID token's e-mail names the person; answers their new session token. */
export async function finishSignIn(
  db: Db,
  box: SecretBox,
  publicUrl: string,
  input: CallbackInput,
  log: FastifyBaseLogger,
): Promise<string> {
  const params = new URLSearchParams(input.search);
  const state = params.get('state') ?? '';
  const match = /^(\d{1,9})\.(.+)$/.exec(input.cookie ?? '');
  if (!match || match[2] !== state) {
    throw new SsoFailure('sso_state', 'the state does not match the one this browser started with');
  }
  const tenantId = Number(match[1]);
  const login = await takeLogin(db, tenantId, hashToken(state));
  if (!login || login.expiresAt.getTime() <= Date.now()) {
    throw new SsoFailure('sso_state', 'the sign-in was already used or has expired');
  }
  const providerError = params.get('error');
  if (providerError) {
    throw new SsoFailure(
      'sso_denied',
      `the provider answered ${providerError}: ${params.get('error_description') ?? ''}`,
    );
  }
  const [tenant, config] = await Promise.all([findTenant(db, tenantId), findConfig(db, tenantId)]);
  if (!tenant?.enabled) throw new SsoFailure('sso_tenant_disabled', `tenant ${tenantId} is disabled`);
  if (!config?.enabled) throw new SsoFailure('sso_not_configured', `tenant ${tenantId} has no provider on`);
  const client = await discoverProvider(providerSettings(box, config));
  const checks: LoginChecks = { state, nonce: login.nonce, codeVerifier: login.codeVerifier };

  let claims: SignedInClaims;
  try {
    claims = await exchangeCode(client, new URL(`${callbackUrl(publicUrl)}?${params}`), checks);
  } catch (err) {
    if (!isProtocolError(err))
      throw new SsoFailure('sso_provider', `the token request failed: ${String(err)}`);
    const oauthError = (err as { error?: unknown }).error;
    if (oauthError === 'invalid_grant') {
      throw new SsoFailure(
        'sso_code',
        `the provider refused the code (used already or expired): ${err.message}`,
      );
    }
    throw new SsoFailure('sso_token', `the provider's answer failed verification: ${err.message}`);
  }
  if (!claims.email)
    throw new SsoFailure('sso_email_unverified', `the provider sent no e-mail for ${claims.subject}`);
  if (!claims.emailVerified) {
    throw new SsoFailure('sso_email_unverified', `the provider has not verified ${claims.email}`);
  }
  const domain = emailDomain(claims.email);
  if (!domain || !(await listDomains(db, tenantId)).includes(domain)) {
    throw new SsoFailure('sso_user_not_found', `${claims.email} is not of the tenant's domains`);
  }
  const user = await personFor(db, tenantId, config, { ...claims, email: claims.email }, log);
  if (!user.enabled) throw new SsoFailure('sso_user_disabled', `user ${user.id} is disabled`);
  return startSession(db, tenantId, user.id, input.origin);
}

/** The person the address names in the tenant, or a new one when the tenant lets first sign-ins in. */
async function personFor(
  db: Db,
  tenantId: number,
  config: SsoConfigRow,
  claims: SignedInClaims & { email: string },
  log: FastifyBaseLogger,
): Promise<UserRow> {
  const address = claims.email.trim().toLowerCase();
  const people = await findUsersByEmail(db, tenantId, address);
  const byUsername = people.filter((p) => p.username.toLowerCase() === address);
  const named = byUsername.length === 1 ? byUsername : people;
  if (named.length > 1) {
    throw new SsoFailure('sso_ambiguous', `${named.length} people of tenant ${tenantId} have ${address}`);
  }
  if (named[0]) return named[0];
  if (!config.createUsers || config.createUsersNodeId === null || config.createUsersRoleId === null) {
    throw new SsoFailure('sso_user_not_found', `no person with ${address} in tenant ${tenantId}`);
  }
  const nodeId = config.createUsersNodeId;
  const roleId = config.createUsersRoleId;
  // They sign in through the provider; the password nobody knows only matters if sso_only is off,
  // and then "forgot password" gives them one of their own.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    const user = await db.transaction(async (tx) => {
      const [added] = await addPeople(tx, tenantId, [
        {
          email: address,
          firstname: (claims.givenName ?? address.split('@')[0]!).slice(0, 100),
          lastname: (claims.familyName ?? '').slice(0, 100),
          passwordHash,
          forceReset: false,
          positions: [{ nodeId, roleId }],
        },
      ]);
      await bumpStores(tx, tenantId, storesOfUser(tenantId, added!.id));
      await bumpPeople(tx, tenantId, [added!.id], 'tree');
      return added!;
    });
    log.info({ tenantId, userId: user.id }, 'single sign-on added a person on their first sign-in');
    return user;
  } catch (err) {
    // The same person's second tab got there first: sign in as the person it added.
    if (isUniqueViolation(err)) {
      const [again] = await findUsersByEmail(db, tenantId, address);
      if (again) return again;
    }
    throw err;
  }
}
