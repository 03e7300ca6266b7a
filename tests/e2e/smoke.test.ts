import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD } from './harness';

describe('the started product', () => {
  it('signs in over HTTP and reads verify', async () => {
    const login = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'owner@acme.test',
        password: DEMO_PASSWORD,
        timezone: 'Australia/Sydney',
      }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { token: string } };
    const verify = await fetch(`${baseUrl()}/api/user/verify`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(verify.status).toBe(200);
    const body = (await verify.json()) as {
      data: { tenant: { name: string }; terms: Record<string, string> };
    };
    expect(body.data.tenant.name).toBe('Acme Retail');
    expect(body.data.terms.workspace).toBe('Store');
  });

  it('answers a deep link such as a reset link with the web app', async () => {
    const res = await fetch(`${baseUrl()}/password/reset/some-token`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl()}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
});
