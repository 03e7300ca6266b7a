import {
  SSO_CALLBACK_PATH,
  SSO_DOMAIN_PATTERN,
  type SsoConfigBody,
  type SsoConfigData,
  type SsoTestData,
} from '../../../contract/api/sso';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pgErrors';
import type { SecretBox } from '../../lib/secretBox';
import { discover, isProtocolError, issuerProblem } from './protocol';
import {
  domainsOfOthers,
  existingUsernames,
  findConfig,
  listDomains,
  positionExists,
  type SsoConfigRow,
  saveConfig,
} from './repository';

export const DOMAIN_TAKEN = 'Another organisation already signs this e-mail domain in through its provider.';

export const callbackUrl = (publicUrl: string) => `${publicUrl}${SSO_CALLBACK_PATH}`;

export const SECRET_UNREADABLE =
  'The stored client secret cannot be opened with this server’s secret key (SECRET_KEY or DATA_DIR/secret.key); enter it again.';

/** Whether the stored secret opens with this server's key (it may have been sealed under another). */
function opens(box: SecretBox, sealed: string): boolean {
  try {
    box.open(sealed);
    return true;
  } catch {
    return false;
  }
}

function configData(
  box: SecretBox,
  row: SsoConfigRow | undefined,
  domains: string[],
  publicUrl: string,
): SsoConfigData {
  return {
    enabled: row?.enabled ?? false,
    provider_name: row?.providerName ?? '',
    issuer: row?.issuer ?? '',
    client_id: row?.clientId ?? '',
    client_secret_set: Boolean(row?.clientSecretSealed),
    client_secret_opens: row?.clientSecretSealed ? opens(box, row.clientSecretSealed) : false,
    email_domains: domains,
    sso_only: row?.ssoOnly ?? false,
    break_glass_usernames: row?.breakGlassUsernames ?? [],
    create_users: {
      enabled: row?.createUsers ?? false,
      node_id: row?.createUsersNodeId ?? null,
      role_id: row?.createUsersRoleId ?? null,
    },
    callback_url: callbackUrl(publicUrl),
  };
}

export async function getConfig(
  db: Db,
  box: SecretBox,
  caller: Caller,
  publicUrl: string,
): Promise<SsoConfigData> {
  const [row, domains] = await Promise.all([
    findConfig(db, caller.tenantId),
    listDomains(db, caller.tenantId),
  ]);
  return configData(box, row, domains, publicUrl);
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * Saves the tenant's configuration. A configuration that is switched on must be complete; one that
 * is off may be saved half-filled, to finish later. Nothing is written when anything is wrong.
 */
export async function putConfig(
  db: Db,
  box: SecretBox,
  caller: Caller,
  publicUrl: string,
  body: SsoConfigBody,
): Promise<SsoConfigData> {
  const { tenantId } = caller;
  const errors: Record<string, string> = {};
  const issuer = body.issuer.trim().replace(/\/+$/, '');
  const clientId = body.client_id.trim();
  const providerName = body.provider_name.trim();
  const domains = unique(
    body.email_domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean),
  );
  const breakGlass = unique(body.break_glass_usernames.map((u) => u.trim()).filter(Boolean));
  const existing = await findConfig(db, tenantId);
  const hasSecret = Boolean(body.client_secret ?? existing?.clientSecretSealed);

  if (issuer) {
    const problem = issuerProblem(issuer);
    if (problem) errors.issuer = problem;
  }
  const badDomain = domains.find((d) => !new RegExp(SSO_DOMAIN_PATTERN).test(d));
  if (badDomain) errors.email_domains = `“${badDomain}” is not an e-mail domain such as example.com.`;
  if (body.enabled) {
    if (!providerName) errors.provider_name = 'Name the provider as people will see it, e.g. Microsoft.';
    if (!issuer) errors.issuer = 'Enter the issuer address the provider gives you.';
    if (!clientId) errors.client_id = 'Enter the client ID the provider gave Storeline.';
    if (!hasSecret) errors.client_secret = 'Enter the client secret the provider gave Storeline.';
    else if (!body.client_secret && existing?.clientSecretSealed && !opens(box, existing.clientSecretSealed))
      errors.client_secret = SECRET_UNREADABLE;
    if (domains.length === 0)
      errors.email_domains = 'Add the e-mail domain of the people who sign in this way.';
  }
  if (body.sso_only && breakGlass.length === 0) {
    errors.break_glass_usernames =
      'Name at least one administrator who may still sign in with a password, in case the provider is down.';
  }
  if (breakGlass.length) {
    const known = new Set(await existingUsernames(db, tenantId, breakGlass));
    const unknown = breakGlass.filter((u) => !known.has(u.toLowerCase()));
    if (unknown.length) errors.break_glass_usernames = `No person with the username ${unknown.join(', ')}.`;
  }
  const create = body.create_users;
  if (create.enabled) {
    if (create.node_id === null || create.role_id === null) {
      errors.create_users = 'Choose the place and the role people get when they first sign in.';
    } else {
      const found = await positionExists(db, tenantId, create.node_id, create.role_id);
      if (!found.node) errors.create_users = 'The place chosen for new people no longer exists.';
      else if (!found.role) errors.create_users = 'The role chosen for new people no longer exists.';
    }
  }
  if (!errors.email_domains && domains.length) {
    const taken = await domainsOfOthers(db, tenantId, domains);
    if (taken.length) errors.email_domains = `${DOMAIN_TAKEN} (${taken.join(', ')})`;
  }
  if (Object.keys(errors).length) {
    throw badRequest(Object.values(errors)[0]!, errors);
  }

  const sealed = body.client_secret ? box.seal(body.client_secret) : (existing?.clientSecretSealed ?? null);
  try {
    await db.transaction((tx) =>
      saveConfig(
        tx,
        tenantId,
        {
          enabled: body.enabled,
          providerName,
          issuer,
          clientId,
          clientSecretSealed: sealed,
          ssoOnly: body.sso_only,
          breakGlassUsernames: breakGlass,
          createUsers: create.enabled,
          createUsersNodeId: create.enabled ? create.node_id : null,
          createUsersRoleId: create.enabled ? create.role_id : null,
        },
        domains,
      ),
    );
  } catch (err) {
    // Another tenant claimed one of these domains between the check and the write.
    if (isUniqueViolation(err)) {
      throw conflict(DOMAIN_TAKEN, { email_domains: DOMAIN_TAKEN });
    }
    throw err;
  }
  return getConfig(db, box, caller, publicUrl);
}

/** Reads the issuer's discovery document and says, in words, what was found or what is wrong. */
export async function testIssuer(issuer: string): Promise<SsoTestData> {
  const address = issuer.trim().replace(/\/+$/, '');
  const problem = issuerProblem(address);
  if (problem) return { ok: false, message: problem };
  try {
    const config = await discover({ issuer: address, clientId: 'storeline-test', clientSecret: '' });
    const metadata = config.serverMetadata();
    const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter(
      (k) => !metadata[k],
    );
    if (missing.length) {
      return { ok: false, message: `The provider's discovery document lacks ${missing.join(', ')}.` };
    }
    return {
      ok: true,
      message: `The provider answers at ${address}: its sign-in page, token endpoint and signing keys are published.`,
    };
  } catch (err) {
    return { ok: false, message: discoveryProblem(address, err) };
  }
}

/** A failed discovery in words a person can act on. */
export function discoveryProblem(issuer: string, err: unknown): string {
  const where = `${issuer}/.well-known/openid-configuration`;
  if (isProtocolError(err)) {
    const code = (err as { code?: string }).code ?? '';
    const cause = (err as { cause?: unknown }).cause;
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && cause instanceof Response) {
      return `The provider answered ${where} with HTTP ${cause.status}; check the issuer address.`;
    }
    if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' || /issuer/i.test(err.message)) {
      return `The discovery document at ${where} names another issuer; enter exactly the issuer it names.`;
    }
    return `The provider's discovery document at ${where} could not be used: ${err.message}`;
  }
  const cause = (err as { cause?: { code?: string } }).cause;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `The provider did not answer at ${where} within 10 seconds.`;
  }
  if (cause?.code === 'ENOTFOUND') return `No server is known by the name in ${issuer}; check the address.`;
  if (cause?.code === 'ECONNREFUSED') return `Nothing answers at ${issuer} (connection refused).`;
  return `Could not reach ${where}: ${err instanceof Error ? err.message : String(err)}`;
}
