// @vitest-environment-options { "url": "http://app.storeline.test/" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cookieDomain,
  cookieDomainVariants,
  deleteToken,
  getToken,
  setToken,
} from '../../src/session/tokenCookie';

function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

describe('token cookie (spec §9)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    deleteToken();
  });

  it('uses the shared parent domain, host-only for localhost and IP addresses', () => {
    expect(cookieDomain('app.storeline.com')).toBe('.storeline.com');
    expect(cookieDomain('acme.app.storeline.com')).toBe('.storeline.com');
    expect(cookieDomain('app.acme.com.au')).toBe('.acme.com.au');
    expect(cookieDomain('app.acme.co.uk')).toBe('.acme.co.uk');
    expect(cookieDomain('localhost')).toBeUndefined();
    expect(cookieDomain('127.0.0.1')).toBeUndefined();
  });

  it('lists every domain variant a token could have been set under', () => {
    expect(cookieDomainVariants('a.b.example.com')).toEqual([
      undefined,
      'a.b.example.com',
      '.a.b.example.com',
      'b.example.com',
      '.b.example.com',
      'example.com',
      '.example.com',
    ]);
    expect(cookieDomainVariants('localhost')).toEqual([undefined, 'localhost']);
  });

  it('sets user_access_token for 365 days on path / with SameSite Lax on the parent domain', () => {
    const writes = recordCookieWrites();
    setToken('abc.def');
    expect(writes).toHaveLength(1);
    const cookie = writes[0]!;
    expect(cookie).toMatch(/^user_access_token=abc\.def; /);
    expect(cookie).toMatch(/; path=\/(;|$)/i);
    expect(cookie).toMatch(/; samesite=lax(;|$)/i);
    expect(cookie).toMatch(/; domain=\.storeline\.test(;|$)/i);
    expect(cookie).not.toMatch(/secure/i);
    const expires = new Date(/expires=([^;]+)/i.exec(cookie)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(365 * 86_400_000);
    expect(getToken()).toBe('abc.def');
  });

  it('adds Secure over https', () => {
    const writes = recordCookieWrites();
    setToken('x', { hostname: 'app.storeline.com', protocol: 'https:' });
    expect(writes[0]).toMatch(/; secure(;|$)/i);
    expect(writes[0]).toMatch(/; domain=\.storeline\.com(;|$)/i);
  });

  it('deletes the cookie under every domain variant', () => {
    setToken('abc');
    expect(getToken()).toBe('abc');
    const writes = recordCookieWrites();
    deleteToken();
    expect(getToken()).toBeUndefined();
    expect(writes).toHaveLength(cookieDomainVariants('app.storeline.test').length);
    // An expiry in the past is what makes the browser drop a cookie.
    for (const write of writes) {
      expect(write).toMatch(/^user_access_token=; /);
      expect(write).toMatch(/; path=\/(;|$)/i);
      expect(new Date(/expires=([^;]+)/i.exec(write)![1]!).getTime()).toBeLessThan(Date.now());
    }
    expect(writes.filter((w) => /domain=/i.test(w)).map((w) => /domain=([^;]+)/i.exec(w)![1])).toEqual([
      'app.storeline.test',
      '.app.storeline.test',
      'storeline.test',
      '.storeline.test',
    ]);
  });
});
