import { describe, expect, it } from 'vitest';
import { OWNER } from './helpers/acmePeople';
import type { InjectResponse } from './helpers/app';
import { appWithFiles, fileForm, PNG } from './helpers/files';

/*
 * Every answer that is a file — an uploaded photo or document, a picture, a logo, an export, an
 * import template — opens in a sandbox: no scripts, no requests, no forms, even if a browser
 * were to misread what it is. A second wall behind the content checks of the uploads.
 */
const t = appWithFiles('storeline-file-answers-');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

async function uploaded(url: string, data: Buffer | string, filename: string) {
  const res = await t.injectAs(OWNER, { method: 'POST', url, payload: fileForm(data, filename) });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json().data;
}

function expectSandboxed(res: InjectResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(200);
  const policy = String(res.headers['content-security-policy']);
  expect(policy, what).toMatch(/^default-src 'none'; sandbox(;|$)/);
  expect(policy, what).not.toContain('script-src');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
}

describe('files as answers', () => {
  it('opens an uploaded photo and document in a sandbox, the photo in the page and the document saved', async () => {
    for (const [data, name, kind] of [
      [PNG, 'shelf.png', 'inline'],
      [PDF, 'planogram.pdf', 'attachment'],
    ] as const) {
      const { hash } = await uploaded('/api/user/task/upload', data, name);
      const res = await t.injectAs(OWNER, { url: '/api/task/attachments/download', query: { hash } });
      expectSandboxed(res, name);
      expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`^${kind}; filename="${name}"`));
    }
  });

  it('opens a profile picture and a logo (an SVG keeping only its own styles) in a sandbox', async () => {
    const { avatar_url } = await uploaded('/api/profile/upload-avatar', PNG, 'me.png');
    expectSandboxed(await t.inject({ url: avatar_url }), 'avatar');
    for (const [data, name] of [
      [PNG, 'logo.png'],
      [SVG, 'logo.svg'],
    ] as const) {
      const { url } = await uploaded('/api/theme/logo/upload', data, name);
      const res = await t.inject({ url });
      expectSandboxed(res, name);
      if (name.endsWith('.svg'))
        expect(String(res.headers['content-security-policy'])).toContain("style-src 'unsafe-inline'");
    }
  });

  it('sends exports and import templates as sandboxed attachments', async () => {
    const range = { from: '2026-11-01', to: '2026-11-30' };
    for (const [url, query] of [
      ['/api/compliance/export', { ...range, format: 'csv' }],
      ['/api/report/overall', { ...range, format: 'csv' }],
      ['/api/user/import/template', { format: 'csv' }],
      ['/api/workspace/import/template', { format: 'xlsx' }],
    ] as const) {
      const res = await t.injectAs(OWNER, { url, query });
      expectSandboxed(res, url);
      expect(String(res.headers['content-disposition']), url).toMatch(/^attachment; /);
    }
  });
});
