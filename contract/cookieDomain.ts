/**
 * Where the session token cookie (spec §9) is set: on the shared parent domain, so that sibling
 * apps (app.example.com, admin.example.com) share one sign-in. The web app sets it after a password
 * sign-in and the server after a single sign-on, so both take the domain from here.
 */

// Second-level labels under which registrars sell names (acme.com.au, acme.co.uk): the shared
// parent of app.acme.com.au is acme.com.au, not com.au, which browsers refuse anyway.
const SECOND_LEVEL_LABELS = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'id']);

export function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');
}

/** The shared parent domain to set the cookie on (".example.com"), or undefined for a host-only cookie. */
export function cookieDomain(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host.includes('.') || isIpAddress(host)) return undefined;
  const labels = host.split('.');
  const secondLevel =
    labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL_LABELS.has(labels.at(-2)!);
  const keep = secondLevel ? 3 : 2;
  if (labels.length < keep) return undefined;
  return `.${labels.slice(-keep).join('.')}`;
}
