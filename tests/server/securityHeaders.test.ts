import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import { suiteDatabase, testConfig } from './helpers/app';

/*
 * Issue 44 item 7. HSTS is the operator's choice: sent by default it would pin the host (and, with
 * includeSubDomains, every subdomain of the chain's domain) to https for a year, even when the
 * server is reached over plain http. The style policy allows what the app loads (its own files
 * and the inline styles MUI writes), not any stylesheet on the web.
 */

const db = suiteDatabase();
const apps: App[] = [];

async function headersOf(overrides: Partial<Config> = {}, url = '/api/health') {
  const app = await buildApp({ config: testConfig(overrides), database: db.database, logger: false });
  apps.push(app);
  await app.ready();
  const res = await app.inject({ method: 'GET', url });
  return res.headers;
}

beforeAll(() => db.database.ping());
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('Strict-Transport-Security', () => {
  it('is not sent by default', async () => {
    expect((await headersOf())['strict-transport-security']).toBeUndefined();
  });

  it('is sent with the configured max-age, with includeSubDomains only when asked', async () => {
    const own = await headersOf({
      publicUrl: 'https://tasks.chain.example',
      hsts: { maxAgeSeconds: 600, includeSubDomains: false },
    });
    expect(own['strict-transport-security']).toBe('max-age=600');
    const all = await headersOf({
      publicUrl: 'https://tasks.chain.example',
      hsts: { maxAgeSeconds: 31_536_000, includeSubDomains: true },
    });
    expect(all['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('Content-Security-Policy', () => {
  it('allows the app’s own stylesheets and inline styles, not any https one', async () => {
    const policy = String((await headersOf())['content-security-policy']);
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive('font-src')).toBe("font-src 'self' data:");
  });
});
