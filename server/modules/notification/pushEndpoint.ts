import { badRequest } from '../../lib/errors';
import { isPrivateHost } from '../../lib/publicAddress';

/*
 * Which push endpoints the server calls (no server-side request forgery): a subscription names a
 * URL the server will POST to, so only the push services of PUSH_ALLOWED_ORIGINS are taken —
 * scheme and host as listed (any port), `*.host` for its subdomains. A private, loopback or
 * link-local address (lib/publicAddress.ts, which webhooks share) is named as such in the refusal
 * unless it is listed itself (tests run their own push service on 127.0.0.1).
 */

function listed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allowed.some((origin) => {
    const [scheme, rest = ''] = origin.split('://');
    if (`${scheme}:` !== url.protocol) return false;
    if (rest.startsWith('*.')) return host.endsWith(rest.slice(1)) && host.length > rest.length - 1;
    return host === rest;
  });
}

/** Whether the server would send to `endpoint`; `null` when it would, else why not (for a 400). */
export function pushEndpointRefusal(endpoint: string, allowed: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL. Send the endpoint of the browser’s PushSubscription.';
  }
  if (url.username || url.password) return 'A push endpoint carries no user name or password.';
  if (listed(url, allowed)) return null;
  const services = allowed.join(', ');
  if (isPrivateHost(url.hostname))
    return `The push endpoint points at a private or loopback address (${url.hostname}); this server sends web push only to ${services}.`;
  return `This server sends web push only to ${services} (PUSH_ALLOWED_ORIGINS), not to ${url.protocol}//${url.hostname}.`;
}

/** Throws the 400 of a refused endpoint. */
export function checkPushEndpoint(endpoint: string, allowed: readonly string[]): void {
  const refusal = pushEndpointRefusal(endpoint, allowed);
  if (refusal) throw badRequest(refusal, { endpoint: refusal });
}
