import type { BlockList } from 'node:net';
import { badRequest } from '../../lib/errors';
import {
  AddressRefused,
  addressOf,
  type HostLookup,
  isPrivateHost,
  mayConnectTo,
  resolvePublic,
} from '../../lib/publicAddress';

/*
 * Which URLs a webhook may have: https, no credentials, a host that resolves to public internet
 * addresses only (lib/publicAddress.ts). Checked when it is saved, and again at every connection
 * (send.ts), since what a name resolves to may change after it was saved. An address of
 * WEBHOOK_ALLOW_PRIVATE_HOSTS (tests' own receiver) is taken, over http too.
 */

const LOOKUP_TIMEOUT_MS = 5_000;

/** Why the server will not send to `raw` (for a 400), or null; what can be told without DNS. */
export function urlRefusal(raw: string, allowed: BlockList): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter the full address, starting with https://';
  }
  if (url.username || url.password)
    return 'The address may not carry a user name or password; use the signing secret to tell Storeline’s requests apart.';
  const literal = addressOf(url.hostname);
  const allowedLiteral = literal !== undefined && mayConnectTo(literal, allowed);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowedLiteral))
    return 'The address must start with https://';
  if (!allowedLiteral && isPrivateHost(url.hostname))
    return `The address points at ${url.hostname}, which is not a public internet address. Webhooks are sent only to public addresses.`;
  return null;
}

/** Throws the 400 of a URL the server will not send to, looking its host name up as well. */
export async function assertSendable(raw: string, lookup: HostLookup, allowed: BlockList): Promise<void> {
  const refusal = urlRefusal(raw, allowed);
  if (refusal) throw badRequest(refusal, { url: refusal });
  const host = new URL(raw).hostname;
  try {
    await Promise.race([
      resolvePublic(host, lookup, allowed),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), LOOKUP_TIMEOUT_MS).unref()),
    ]);
  } catch (err) {
    const message =
      err instanceof AddressRefused
        ? `${err.message} Webhooks are sent only to public addresses.`
        : `The address’s host ${host} could not be found. Check the address.`;
    throw badRequest(message, { url: message });
  }
}
