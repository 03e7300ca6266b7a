import { isIP } from 'node:net';
import { badRequest } from '../../lib/errors';

/*
 * Which push endpoints the server calls (no server-side request forgery): a subscription names a
 * URL the server will POST to, so only the push services of PUSH_ALLOWED_ORIGINS are taken —
 * scheme and host as listed (any port), `*.host` for its subdomains. A private, loopback or
 * link-local address is named as such in the refusal unless it is listed itself (tests run their
 * own push service on 127.0.0.1).
 */

/** Loopback, private, link-local, unique-local, unspecified and carrier-grade NAT addresses, and localhost. */
function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const version = isIP(h);
  if (version === 4) {
    const [a = 0, b = 0] = h.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (version === 6) {
    // An IPv4 address mapped into IPv6; URL writes ::ffff:127.0.0.2 as ::ffff:7f00:2.
    const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h)?.[1];
    if (dotted) return isPrivateHost(dotted);
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
    if (hex?.[1] && hex[2]) {
      const [high, low] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
      return isPrivateHost(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h);
  }
  return false;
}

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
