import {
  type DemoIdentityProvider,
  type DemoIdentityProviderOptions,
  startDemoIdentityProvider,
} from '../../../server/cli/demoIdentityProvider';
import type { InjectResponse } from './app';

/**
 * A person's browser at the demo identity provider (server/cli/demoIdentityProvider.ts): follows
 * its redirects with its own cookies, fills in its login page, and stops at the address it sends
 * the browser back to (Storeline's callback), which the test then calls on the app.
 */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly issuer: string) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    this.keep(response);
    return response;
  }

  /**
   * Opens the provider's authorization address, signs in as `login` on its page and answers the
   * address the provider sends the browser back to.
   */
  async signIn(authorizationUrl: string, login: string): Promise<URL> {
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      const response = await this.request(url);
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (!next.href.startsWith(this.issuer)) return next;
        url = next.href;
        continue;
      }
      const page = await response.text();
      if (response.status !== 200 || !page.includes('name="login"')) {
        throw new Error(`the provider answered ${response.status}: ${page.slice(0, 300)}`);
      }
      const posted = await this.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
      const after = posted.headers.get('location');
      if (!after) throw new Error(`the provider's login answered ${posted.status}`);
      url = new URL(after, url).href;
    }
    throw new Error('the provider never sent the browser back');
  }
}

/** The cookies an answer sets, by name (value and attributes as sent). */
export function setCookies(response: InjectResponse): Map<string, string> {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return new Map(
    lines.map((line) => {
      const eq = line.indexOf('=');
      return [line.slice(0, eq), line.slice(eq + 1)] as const;
    }),
  );
}

/** The value of a cookie an answer sets, without its attributes. */
export function cookieValue(response: InjectResponse, name: string): string | undefined {
  const raw = setCookies(response).get(name);
  return raw === undefined ? undefined : decodeURIComponent(raw.split(';')[0]!);
}

/** Where the app under test says it lives, and so the callback registered at the provider. */
export const SSO_PUBLIC_URL = 'http://storeline.test';
export const SSO_CALLBACK = `${SSO_PUBLIC_URL}/api/sso/callback`;
export const SSO_CLIENT_ID = 'storeline';
export const SSO_CLIENT_SECRET = 'a client secret only the provider and Storeline know';

/**
 * The demo provider on a loopback port, Storeline registered at it as SSO_CLIENT_ID; `claimsFor`
 * says what it vouches for about whoever signs in on its page.
 */
export function startTestProvider(
  claimsFor: DemoIdentityProviderOptions['claimsFor'],
): Promise<DemoIdentityProvider> {
  return startDemoIdentityProvider({
    port: 0,
    clientId: SSO_CLIENT_ID,
    clientSecret: SSO_CLIENT_SECRET,
    redirectUris: [SSO_CALLBACK],
    claimsFor,
  });
}
