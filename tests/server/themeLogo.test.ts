import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appWithFiles, fileForm, JPEG_HEAD, PNG, WEBP_HEAD } from './helpers/files';

const t = appWithFiles('storeline-logo-');

const form = (data: Buffer | string, filename = 'logo.png', type?: string) => fileForm(data, filename, type);

const upload = (username: string, payload: FormData | Record<string, unknown>) =>
  t.injectAs(username, { method: 'POST', url: '/api/theme/logo/upload', payload });
const saveTheme = (username: string, payload: unknown) =>
  t.injectAs(username, { method: 'POST', url: '/api/theme/update', payload });
const storedFiles = (tenantId: number) => {
  try {
    return readdirSync(path.join(t.dataDir, 'files', 'logos', String(tenantId)));
  } catch {
    return [];
  }
};

describe('POST /api/theme/logo/upload', () => {
  it('stores PNG, JPEG and WebP by content (whatever the name says) and serves them back', async () => {
    for (const [bytes, mime, ext] of [
      [PNG, 'image/png', 'png'],
      [JPEG_HEAD, 'image/jpeg', 'jpg'],
      [WEBP_HEAD, 'image/webp', 'webp'],
    ] as const) {
      const res = await upload('owner@acme.test', form(bytes, 'logo.gif', 'text/plain'));
      expect(res.statusCode, mime).toBe(200);
      const { url, mime: detected, size } = res.json().data;
      expect(detected).toBe(mime);
      expect(size).toBe(bytes.length);
      expect(url).toMatch(new RegExp(`^/api/theme/logo/\\d+/[a-f0-9]{32}\\.${ext}$`));
      const served = await t.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('cleans an SVG before storing it, and serves it under a policy that runs nothing', async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="10" height="10" fill="url(#g)" onclick="steal()"/>
  <image href="https://evil.example/track.png"/>
  <foreignObject><div>html</div></foreignObject>
</svg>`;
    const res = await upload('owner@acme.test', form(svg, 'logo.svg', 'image/svg+xml'));
    expect(res.statusCode).toBe(200);
    const served = await t.inject({ url: res.json().data.url });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  \n  <rect width="10" height="10" fill="url(#g)"/>\n  <image/>\n  \n</svg>',
    );
  });

  it('refuses other content, broken SVG and empty requests with 400; nothing is stored', async () => {
    const tenantId = (await t.userByUsername('owner@globex.test')).tenantId;
    const gif = await upload('owner@globex.test', form(Buffer.from('GIF89a....'), 'logo.png', 'image/png'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors.file).toBe('Upload the logo as a PNG, SVG, JPEG or WebP image');
    const html = await upload(
      'owner@globex.test',
      form('<html><svg></svg></html>', 'logo.svg', 'image/svg+xml'),
    );
    expect(html.statusCode).toBe(400);
    const broken = await upload('owner@globex.test', form('<svg><g></svg>', 'logo.svg'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/could not be read/);
    const json = await upload('owner@globex.test', { file: 'nope' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Choose a file to upload');
    expect((await upload('owner@globex.test', new FormData())).statusCode).toBe(400);
    expect(storedFiles(tenantId)).toEqual([]);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload('owner@globex.test', form(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/2 MB or less/);
  });

  it('needs theme.update (403) and a session (401)', async () => {
    expect((await upload('area@acme.test', form(PNG))).statusCode).toBe(403);
    expect((await upload('operator@admin.test', form(PNG))).statusCode).toBe(403);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/theme/logo/upload',
      payload: form(PNG),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the logo setting (id 1)', () => {
  it('holds an uploaded logo of the tenant; replacing it removes the old file', async () => {
    const tenantId = (await t.userByUsername('owner@acme.test')).tenantId;
    const first = (await upload('owner@acme.test', form(PNG))).json().data.url;
    expect((await saveTheme('owner@acme.test', [{ id: 1, value: first }])).statusCode).toBe(200);
    const verify = (await t.injectAs('staff@acme.test', { url: '/api/user/verify' })).json().data;
    expect(verify.theme[0]).toMatchObject({ key: 'logo', value: first });

    const second = (await upload('owner@acme.test', form(JPEG_HEAD))).json().data.url;
    await saveTheme('owner@acme.test', [{ id: 1, value: second }]);
    expect((await t.inject({ url: first })).statusCode).toBe(404);
    expect((await t.inject({ url: second })).statusCode).toBe(200);

    const reset = await saveTheme('owner@acme.test', [{ id: 1, key: 'logo', value: '' }]);
    expect(reset.json().data.data[0]).toEqual({ id: 1, key: 'logo', value: '', default: '' });
    expect(storedFiles(tenantId).some((f) => second.endsWith(f))).toBe(false);
  });

  it('refuses links elsewhere and another tenant’s logo', async () => {
    const globexLogo = (await upload('owner@globex.test', form(PNG))).json().data.url;
    for (const value of [
      'https://cdn.example/logo.png',
      'javascript:alert(1)',
      globexLogo,
      '/api/theme/logo/1/../x',
    ]) {
      const res = await saveTheme('owner@acme.test', [{ id: 1, value }]);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().errors.logo).toMatch(/Upload the logo here/);
    }
  });

  it('answers 404 for unknown logo names without touching the disk outside storage', async () => {
    expect((await t.inject({ url: '/api/theme/logo/2/nothing.png' })).statusCode).toBe(404);
    expect((await t.inject({ url: '/api/theme/logo/2/..%2F..%2Fdb' })).statusCode).toBe(404);
    expect((await t.inject({ url: '/api/theme/logo/x/abc.png' })).statusCode).toBe(400);
  });
});
