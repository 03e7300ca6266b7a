import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileValues, users } from '../../server/db/schema';
import { appWithFiles, fileForm, JPEG_HEAD, PNG, WEBP_HEAD } from './helpers/files';

const t = appWithFiles('storeline-avatar-');

const form = (data: Buffer | string, filename = 'me.png', type?: string) => fileForm(data, filename, type);

const getProfile = (as: string) => t.injectAs(as, { url: '/api/profile/get' });
const updateProfile = (as: string, payload: Record<string, unknown>) =>
  t.injectAs(as, { method: 'PUT', url: '/api/profile/update', payload });
const uploadAvatar = (as: string, payload: FormData | Record<string, unknown>) =>
  t.injectAs(as, { method: 'POST', url: '/api/profile/upload-avatar', payload });

type Field = { id: number; short_name: string };

async function addField(payload: Record<string, unknown>, as = 'owner@acme.test') {
  const res = await t.injectAs(as, { method: 'POST', url: '/api/profile-field/create', payload });
  expect(res.statusCode).toBe(200);
  return res.json().data as Field;
}

async function timezoneFieldId(as: string) {
  const fields = (await getProfile(as)).json().data.fields as Field[];
  return fields.find((f) => f.short_name === 'timezone')!.id;
}

describe('GET /api/profile/get', () => {
  it('returns the caller’s profile and the fields to fill in', async () => {
    const res = await getProfile('staff@acme.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      username: 'staff@acme.test',
      firstname: 'Sam',
      preferred_name: null,
      avatar: null,
      avatar_url: null,
      profile_data: [],
      fields: [{ short_name: 'timezone', type: 'timezone', required: false }],
    });
  });

  it('needs a session and profile.read', async () => {
    expect((await t.inject({ url: '/api/profile/get' })).statusCode).toBe(401);
    // Platform operators have their own profile too.
    expect((await getProfile('operator@admin.test')).statusCode).toBe(200);
  });
});

describe('PUT /api/profile/update', () => {
  it('saves the preferred name and profile data, and verify then carries the time zone', async () => {
    const zone = await timezoneFieldId('area@acme.test');
    // Read before the change, so what verify answered is kept when the change comes.
    const before = await t.injectAs('area@acme.test', { url: '/api/user/verify' });
    expect(before.json().data.preferred_name).not.toBe('Az');
    const res = await updateProfile('area@acme.test', {
      preferred_name: '  Az  ',
      profile_data: [{ field_id: zone, value: 'Australia/Perth' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      password_changed: false,
      preferred_name: 'Az',
      profile_data: [{ field_id: zone, short_name: 'timezone', value: 'Australia/Perth' }],
    });
    const verify = await t.injectAs('area@acme.test', { url: '/api/user/verify' });
    expect(verify.json().data).toMatchObject({
      preferred_name: 'Az',
      profile_data: [{ short_name: 'timezone', value: 'Australia/Perth' }],
    });
    // An empty value clears the entry; an empty name falls back to the real one.
    const cleared = await updateProfile('area@acme.test', {
      preferred_name: '',
      profile_data: [{ field_id: zone, value: '' }],
    });
    expect(cleared.json().data).toMatchObject({ preferred_name: null, profile_data: [] });
    const after = await t.injectAs('area@acme.test', { url: '/api/user/verify' });
    expect(after.json().data).toMatchObject({ preferred_name: null, profile_data: [] });
  });

  it('checks each value against its field’s type and writes nothing when one is wrong', async () => {
    const zone = await timezoneFieldId('owner@acme.test');
    const size = await addField({
      name: 'Shirt size',
      short_name: 'shirt_size',
      type: 'select',
      options: ['S', 'M'],
    });
    const start = await addField({ name: 'Start date', short_name: 'start_date', type: 'date' });
    const locker = await addField({ name: 'Locker', short_name: 'locker', type: 'number' });
    const ok = await updateProfile('store@acme.test', {
      profile_data: [
        { field_id: size.id, value: 'm' },
        { field_id: start.id, value: '2024-02-29' },
        { field_id: locker.id, value: 12 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile_data.map((v: { value: string }) => v.value)).toEqual([
      'M',
      '2024-02-29',
      '12',
    ]);

    const store = await t.userByUsername('store@acme.test');
    for (const [entry, key] of [
      [{ field_id: size.id, value: 'XL' }, `profile_data.${size.id}`],
      [{ field_id: start.id, value: '2023-02-29' }, `profile_data.${start.id}`],
      [{ field_id: locker.id, value: 'twelve' }, `profile_data.${locker.id}`],
      [{ field_id: zone, value: 'Mars/Olympus' }, `profile_data.${zone}`],
      [{ field_id: 999999, value: 'x' }, 'profile_data.1.field_id'],
    ] as const) {
      const res = await updateProfile('store@acme.test', {
        preferred_name: 'Should not stick',
        profile_data: [{ field_id: size.id, value: 'S' }, entry],
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().errors, key).toHaveProperty([key]);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, store.id));
    expect(row!.preferredName).toBeNull();
    const values = await t.database.db.select().from(profileValues).where(eq(profileValues.userId, store.id));
    expect(values.map((v) => v.value).sort()).toEqual(['12', '2024-02-29', 'M']);
  });

  it('insists on required fields when profile data is sent', async () => {
    const badge = await addField({ name: 'Badge number', short_name: 'badge', type: 'text', required: true });
    const res = await updateProfile('olivia.smith.1@acme.test', { profile_data: [] });
    expect(res.statusCode).toBe(400);
    // Olivia reads Spanish (demo data, issue 31): the field's own name, the sentence in her language.
    expect(res.json().errors[`profile_data.${badge.id}`]).toBe('Badge number es obligatorio');
    const filled = await updateProfile('olivia.smith.1@acme.test', {
      profile_data: [{ field_id: badge.id, value: 'B-17' }],
    });
    expect(filled.statusCode).toBe(200);
    // Deactivated, it no longer asks.
    await t.injectAs('owner@acme.test', {
      method: 'PUT',
      url: '/api/profile-field/update',
      payload: { id: badge.id, name: 'Badge number', short_name: 'badge', type: 'text', active: false },
    });
  });

  it('refuses another tenant’s field as unknown', async () => {
    const globexZone = await timezoneFieldId('owner@globex.test');
    const res = await updateProfile('staff@acme.test', {
      profile_data: [{ field_id: globexZone, value: 'UTC' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['profile_data.0.field_id']).toBeDefined();
  });

  it('needs a session, and profile.update for anything but a forced password change', async () => {
    expect(
      (await t.inject({ method: 'PUT', url: '/api/profile/update', payload: { preferred_name: 'x' } }))
        .statusCode,
    ).toBe(401);
    // reset@acme.test must choose a new password first; their profile waits.
    const res = await updateProfile('reset@acme.test', { preferred_name: 'Too soon' });
    expect(res.statusCode).toBe(403);
    expect((await t.userByUsername('reset@acme.test')).preferredName).toBeNull();
    expect((await updateProfile('staff@acme.test', {})).statusCode).toBe(400);
  });

  it('still changes the password with the current one (spec §7)', async () => {
    const res = await updateProfile('owner@globex.test', {
      password: 'globex-new-pass-1',
      current_password: 'storeline-demo',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.password_changed).toBe(true);
  });
});

describe('POST /api/profile/upload-avatar and GET /api/profile/avatar/:hash', () => {
  it('stores PNG, JPEG and WebP by content and serves them at the URL verify builds', async () => {
    for (const [bytes, mime] of [
      [PNG, 'image/png'],
      [JPEG_HEAD, 'image/jpeg'],
      [WEBP_HEAD, 'image/webp'],
    ] as const) {
      const res = await uploadAvatar('staff@acme.test', form(bytes, 'me.gif', 'text/plain'));
      expect(res.statusCode, mime).toBe(200);
      const { hash, avatar_url } = res.json().data;
      expect(hash).toMatch(/^[a-f0-9]{64}$/);
      expect(avatar_url).toBe(`/api/profile/avatar/${hash}`);
      const served = await t.inject({ url: avatar_url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('saves an uploaded picture as the avatar, and verify shows it', async () => {
    const { hash } = (await uploadAvatar('staff@acme.test', form(PNG))).json().data;
    const res = await updateProfile('staff@acme.test', { avatar: hash });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ avatar: hash, avatar_url: `/api/profile/avatar/${hash}` });
    const verify = await t.injectAs('staff@acme.test', { url: '/api/user/verify' });
    expect(verify.json().data.avatar_url).toBe(`/api/profile/avatar/${hash}`);
    expect((await updateProfile('staff@acme.test', { avatar: null })).json().data.avatar).toBeNull();
  });

  it('refuses an avatar hash that was never uploaded', async () => {
    const res = await updateProfile('staff@acme.test', { avatar: 'a'.repeat(64) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.avatar).toBeDefined();
    expect((await updateProfile('staff@acme.test', { avatar: '../../etc/passwd' })).statusCode).toBe(400);
  });

  it('refuses what is not a photo, an empty or missing file, and anything over 5 MB', async () => {
    const svg = await uploadAvatar(
      'staff@acme.test',
      form('<svg xmlns="http://www.w3.org/2000/svg"/>', 'me.png'),
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().errors.file).toMatch(/PNG, JPEG or WebP/);
    expect((await uploadAvatar('staff@acme.test', form('hello', 'me.png'))).statusCode).toBe(400);
    expect((await uploadAvatar('staff@acme.test', form(Buffer.alloc(0)))).statusCode).toBe(400);
    expect((await uploadAvatar('staff@acme.test', { file: 'not multipart' })).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await uploadAvatar('staff@acme.test', form(big));
    expect(tooBig.statusCode).toBe(413);
  });

  it('needs a session and profile.update to upload; unknown pictures are 404', async () => {
    expect(
      (await t.inject({ method: 'POST', url: '/api/profile/upload-avatar', payload: form(PNG) })).statusCode,
    ).toBe(401);
    expect((await uploadAvatar('reset@acme.test', form(PNG))).statusCode).toBe(403);
    expect((await t.inject({ url: `/api/profile/avatar/${'b'.repeat(64)}` })).statusCode).toBe(404);
    expect((await t.inject({ url: '/api/profile/avatar/..%2F..%2Fpasswd' })).statusCode).toBe(404);
  });
});
