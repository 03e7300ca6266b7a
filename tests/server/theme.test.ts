import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (as: string) => t.injectAs(as, { url: '/api/theme/list' });
const update = (as: string, payload: unknown) =>
  t.injectAs(as, { method: 'POST', url: '/api/theme/update', payload });

describe('GET /api/theme/list', () => {
  it('lists the ten theme settings of spec §3 with values and defaults', async () => {
    const res = await list('owner@acme.test');
    expect(res.statusCode).toBe(200);
    const settings = res.json().data.data;
    expect(settings.map((s: { id: number; key: string }) => `${s.id}:${s.key}`)).toEqual([
      '1:logo',
      '2:primary',
      '3:secondary',
      '4:tertiary',
      '5:bg_primary',
      '6:text_bg_primary',
      '7:bg_secondary',
      '8:text_bg_secondary',
      '9:bg_tertiary',
      '10:text_bg_tertiary',
    ]);
    expect(settings[1]).toEqual({ id: 2, key: 'primary', value: '#c62828', default: '#6b4fbb' });
  });

  it('needs theme.read', async () => {
    expect((await list('staff@acme.test')).statusCode).toBe(403);
  });

  it('keeps each tenant to its own theme', async () => {
    const globex = (await list('owner@globex.test')).json().data.data;
    expect(globex[1].value).toBe('#00695c');
  });
});

describe('POST /api/theme/update', () => {
  it('saves the settings sent and returns the whole theme', async () => {
    // Read before the change, so what verify answered is kept when the change comes.
    const before = (await t.injectAs('staff@acme.test', { url: '/api/user/verify' })).json().data;
    expect(before.theme[1].value).not.toBe('#123456');
    const res = await update('owner@acme.test', [
      { id: 2, key: 'primary', value: '#123456' },
      { id: 4, key: 'tertiary', value: ' #abcdef ' },
    ]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data.data;
    expect(data[1].value).toBe('#123456');
    expect(data[3].value).toBe('#abcdef');
    const verify = (await t.injectAs('staff@acme.test', { url: '/api/user/verify' })).json().data;
    expect(verify.theme[1].value).toBe('#123456');
    expect((await list('owner@globex.test')).json().data.data[1].value).toBe('#00695c');
  });

  it('refuses a colour that is not hex and writes none of the batch', async () => {
    const res = await update('owner@acme.test', {
      settings: [
        { id: 3, value: '#abcdef' },
        { id: 4, value: 'purple' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ tertiary: 'tertiary must be a hex colour such as #6b4fbb' });
    const data = (await list('owner@acme.test')).json().data.data;
    expect(data[2].value).toBe('#283593');
  });

  it('refuses a setting sent twice, naming it, and writes none of the batch', async () => {
    const res = await update('owner@acme.test', [
      { id: 1, value: '' },
      { id: 6, value: '#1565c0' },
      { id: 6, value: '#aa5500' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Setting 6 is sent twice; send each setting once');
    const data = (await list('owner@acme.test')).json().data.data;
    expect(data[5].value).not.toBe('#1565c0');
    expect(data[5].value).not.toBe('#aa5500');
  });

  it('refuses an unknown setting id and a mismatched key', async () => {
    expect((await update('owner@acme.test', [{ id: 11, value: '#ffffff' }])).statusCode).toBe(400);
    const mismatch = await update('owner@acme.test', [{ id: 2, key: 'secondary', value: '#ffffff' }]);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/is "primary"/);
  });

  it('needs theme.update', async () => {
    expect((await update('area@acme.test', [{ id: 2, value: '#000000' }])).statusCode).toBe(403);
    expect((await update('operator@admin.test', [{ id: 2, value: '#000000' }])).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    expect(
      (await t.inject({ method: 'POST', url: '/api/theme/update', payload: [{ id: 2, value: '#000000' }] }))
        .statusCode,
    ).toBe(401);
  });
});
