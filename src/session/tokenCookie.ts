import Cookies from 'js-cookie';
import { TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '../../contract/constants';
import { cookieDomain, isIpAddress } from '../../contract/cookieDomain';

export { cookieDomain };

/**
 * The session token lives in a cookie (spec §9) rather than local storage so that sibling apps on
 * the same parent domain (app.example.com, admin.example.com) share one sign-in. js-cookie writes
 * and reads it; this module only decides the spec's attributes and which domain to use.
 */
const cookies = Cookies.withAttributes({ path: '/', sameSite: 'Lax' });

/**
 * Every domain attribute a token cookie could have been set under for this host: none (host-only),
 * the host itself and each parent, with and without the leading dot. Logout clears them all so
 * that a cookie left by an older deployment on another level cannot keep the user signed in.
 */
export function cookieDomainVariants(hostname: string): (string | undefined)[] {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const variants: (string | undefined)[] = [undefined];
  if (!host.includes('.') || isIpAddress(host)) {
    variants.push(host);
    return variants;
  }
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join('.');
    variants.push(domain, `.${domain}`);
  }
  return variants;
}

export function getToken(): string | undefined {
  return cookies.get(TOKEN_COOKIE) || undefined;
}

export function hasToken(): boolean {
  return getToken() !== undefined;
}

export function setToken(
  token: string,
  location: Pick<Location, 'hostname' | 'protocol'> = window.location,
): void {
  cookies.set(TOKEN_COOKIE, token, {
    expires: TOKEN_COOKIE_DAYS,
    domain: cookieDomain(location.hostname),
    // Over https the token must never travel in clear; plain http stays usable for local runs.
    secure: location.protocol === 'https:',
  });
}

export function deleteToken(hostname: string = window.location.hostname): void {
  for (const domain of cookieDomainVariants(hostname)) cookies.remove(TOKEN_COOKIE, { domain });
}
