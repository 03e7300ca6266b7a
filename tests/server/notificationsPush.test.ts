import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PUSH_ORIGINS, loadConfig } from '../../server/config';
import { notifications, pushSubscriptions, vapidKeys } from '../../server/db/schema';
import { pushEndpointRefusal } from '../../server/modules/notification/pushEndpoint';
import { loadVapidKeys } from '../../server/modules/notification/vapid';
import { STAFF, STORE } from './helpers/acmePeople';
import { appWithPushService } from './helpers/pushService';
import { taskKit } from './helpers/tasks';

/*
 * Web push (issue 29) against a push service this test runs on 127.0.0.1 (helpers/pushService):
 * the server encrypts each notice to the subscription's keys and signs it with its VAPID key; the
 * test decrypts what arrived as the browser would. The server's list of trusted push services is
 * widened to this one address; every other private or loopback address stays refused.
 */

const GLOBEX = 'owner@globex.test';

const t = appWithPushService();
const kit = taskKit(t);

const urgentToday = (title: string) => kit.urgentAllDay(title, ['Sydney CBD']);

const post = (as: string, url: string, payload: unknown) => t.injectAs(as, { method: 'POST', url, payload });

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const subscriptionsOf = async (endpoint: string) =>
  (await rowsOf(sql`SELECT user_id FROM ${pushSubscriptions} WHERE endpoint = ${endpoint}`)).length;

describe('the server’s VAPID key', () => {
  it('is made once and kept: every reader, at once or later, gets the same pair', async () => {
    const res = await t.injectAs(STAFF, { url: '/api/notification/push/key' });
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().data.public_key as string;
    // An uncompressed P-256 point, base64url: what pushManager.subscribe takes.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const again = await Promise.all([1, 2, 3].map(() => loadVapidKeys(t.database.db)));
    expect(new Set(again.map((k) => k.publicKey))).toEqual(new Set([key]));
    expect((await t.database.db.select().from(vapidKeys)).length).toBe(1);
    expect((await t.inject({ url: '/api/notification/push/key' })).statusCode).toBe(401);
  });

  it('is kept when two processes make one at the same moment', async () => {
    await t.database.db.delete(vapidKeys);
    const made = await Promise.all([1, 2, 3, 4].map(() => loadVapidKeys(t.database.db)));
    expect(new Set(made.map((k) => k.publicKey)).size).toBe(1);
    expect(new Set(made.map((k) => k.privateKey)).size).toBe(1);
  });
});

describe('a push to a subscribed device', () => {
  it('arrives encrypted to the device and signed by the server, once, even when the job runs again', async () => {
    const phone = t.push.device('/push/staff-phone');
    const subscribed = await post(STAFF, '/api/notification/push/subscribe', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json().data).toEqual({ subscribed: true });
    // Subscribing again (the browser does at each visit) keeps one row.
    await post(STAFF, '/api/notification/push/subscribe', { endpoint: phone.endpoint, keys: phone.keys });
    expect(await subscriptionsOf(phone.endpoint)).toBe(1);

    const id = await urgentToday('Recall: batch 7 hummus');
    await t.app.jobs.drain();
    const arrived = t.push.requests.filter((r) => r.path === '/push/staff-phone');
    expect(arrived).toHaveLength(1);
    const request = arrived[0]!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    const key = (await t.injectAs(STAFF, { url: '/api/notification/push/key' })).json().data.public_key;
    expect(request.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`),
    );
    const [assignment] = await kit.assignmentsOf(id);
    expect(phone.decrypt(request.body)).toEqual({
      title: 'Urgent at Sydney CBD: Recall: batch 7 hummus',
      body: 'An urgent task has started at Sydney CBD: Recall: batch 7 hummus.',
      link: `/task?assignment=${assignment!.id}`,
      tag: `task.urgent:${assignment!.id}`,
    });

    // The job again (a retry after a crash): the notice was taken already, nothing is sent.
    const [notice] = await rowsOf<{ id: string; tenant_id: number }>(
      sql`SELECT n.id, n.tenant_id FROM ${notifications} n JOIN users u ON u.tenant_id = n.tenant_id AND u.id = n.user_id
        WHERE n.task_id = ${id} AND u.username = ${STAFF}`,
    );
    await t.app.jobs.send(t.database.db, 'notifications.push', {
      tenantId: Number(notice!.tenant_id),
      ids: [Number(notice!.id)],
    });
    await t.app.jobs.drain();
    expect(t.push.requests.filter((r) => r.path === '/push/staff-phone')).toHaveLength(1);
  });

  it('sends nothing to a person who turned push off for the event, nor to another person or tenant', async () => {
    const staffPhone = t.push.device('/push/staff-2');
    const globexPhone = t.push.device('/push/globex');
    for (const [as, device] of [
      [STAFF, staffPhone],
      [GLOBEX, globexPhone],
    ] as const) {
      const res = await post(as, '/api/notification/push/subscribe', {
        endpoint: device.endpoint,
        keys: device.keys,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const off = await t.injectAs(STAFF, {
      method: 'PUT',
      url: '/api/notification/preferences',
      payload: { data: [{ event: 'task.urgent', channel: 'push', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.data).toContainEqual({ event: 'task.urgent', channel: 'push', enabled: false });
    const before = t.push.requests.length;
    await urgentToday('Recall: batch 8');
    await t.app.jobs.drain();
    expect(t.push.requests.slice(before)).toEqual([]);
    await t.injectAs(STAFF, {
      method: 'PUT',
      url: '/api/notification/preferences',
      payload: { data: [{ event: 'task.urgent', channel: 'push', enabled: true }] },
    });
  });

  it('drops a device whose push service answers 410 or 404, and keeps one that answers 500', async () => {
    const gone = t.push.device('/push/gone');
    const missing = t.push.device('/push/missing');
    const flaky = t.push.device('/push/flaky');
    t.push.answer('/push/gone', 410);
    t.push.answer('/push/missing', 404);
    t.push.answer('/push/flaky', 500);
    for (const device of [gone, missing, flaky])
      expect(
        (
          await post(STORE, '/api/notification/push/subscribe', {
            endpoint: device.endpoint,
            keys: device.keys,
          })
        ).statusCode,
      ).toBe(200);
    await urgentToday('Recall: batch 9');
    await t.app.jobs.drain();
    for (const path of ['/push/gone', '/push/missing', '/push/flaky'])
      expect(t.push.requests.filter((r) => r.path === path)).toHaveLength(1);
    expect(await subscriptionsOf(gone.endpoint)).toBe(0);
    expect(await subscriptionsOf(missing.endpoint)).toBe(0);
    expect(await subscriptionsOf(flaky.endpoint)).toBe(1);
  });

  it('unsubscribes a person’s own device only', async () => {
    const tablet = t.push.device('/push/tablet');
    await post(STAFF, '/api/notification/push/subscribe', { endpoint: tablet.endpoint, keys: tablet.keys });
    const notMine = await post(STORE, '/api/notification/push/unsubscribe', { endpoint: tablet.endpoint });
    expect(notMine.statusCode).toBe(200);
    expect(await subscriptionsOf(tablet.endpoint)).toBe(1);
    const mine = await post(STAFF, '/api/notification/push/unsubscribe', { endpoint: tablet.endpoint });
    expect(mine.json().data).toEqual({ subscribed: false });
    expect(await subscriptionsOf(tablet.endpoint)).toBe(0);
  });
});

describe('push endpoints the server refuses (no server-side request forgery)', () => {
  it('answers 400 naming why for private, loopback and untrusted addresses, and keeps nothing', async () => {
    const device = t.push.device('/x');
    const refused: [string, RegExp][] = [
      ['http://localhost:8080/push', /private or loopback/],
      ['http://10.0.0.5/push', /private or loopback/],
      ['http://192.168.1.1/push', /private or loopback/],
      ['http://169.254.169.254/latest/meta-data', /private or loopback/],
      ['http://[::1]:9000/push', /private or loopback/],
      ['http://[::ffff:127.0.0.2]/push', /private or loopback/],
      ['http://127.0.0.2/push', /private or loopback/],
      ['https://evil.example.com/push', /only to .*fcm\.googleapis\.com/],
      ['https://notify.windows.com.evil.example/push', /only to/],
      ['http://fcm.googleapis.com/fcm/send/x', /only to/],
      ['https://user:pw@fcm.googleapis.com/fcm/send/x', /no user name/],
      ['file:///etc/passwd', /only to/],
      ['not a url at all', /not a URL/],
    ];
    for (const [endpoint, why] of refused) {
      const res = await post(STAFF, '/api/notification/push/subscribe', { endpoint, keys: device.keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message, endpoint).toMatch(why);
      expect(await subscriptionsOf(endpoint), endpoint).toBe(0);
    }
  });

  it('takes the browsers’ own push services by default', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://fcm.googleapis.com:443/fcm/send/x',
    ])
      expect(pushEndpointRefusal(endpoint, DEFAULT_PUSH_ORIGINS), endpoint).toBeNull();
    expect(pushEndpointRefusal('http://127.0.0.1:9/x', DEFAULT_PUSH_ORIGINS)).toMatch(/loopback/);
  });

  it('answers 400 to malformed subscriptions', async () => {
    const device = t.push.device('/y');
    for (const payload of [
      {},
      { endpoint: device.endpoint },
      { endpoint: device.endpoint, keys: { p256dh: 'short', auth: device.keys.auth } },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: '!!!!!!!!!!!!!!!!!!!!!!' } },
    ]) {
      const res = await post(STAFF, '/api/notification/push/subscribe', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post(STAFF, '/api/notification/push/unsubscribe', {})).statusCode).toBe(400);
  });
});

describe('PUSH_ALLOWED_ORIGINS', () => {
  it('defaults to the browsers’ push services, and takes scheme and host lists', () => {
    expect(loadConfig({}).pushAllowedOrigins).toEqual(DEFAULT_PUSH_ORIGINS);
    expect(
      loadConfig({
        PUSH_ALLOWED_ORIGINS: ' https://FCM.googleapis.com/ , http://127.0.0.1,https://*.push.example',
      }).pushAllowedOrigins,
    ).toEqual(['https://fcm.googleapis.com', 'http://127.0.0.1', 'https://*.push.example']);
  });

  it('refuses a path, a port-less typo or another scheme, saying what it takes', () => {
    for (const bad of ['https://fcm.googleapis.com/fcm', 'fcm.googleapis.com', 'ftp://push.example', ' , ']) {
      expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: bad }), bad).toThrow(
        /PUSH_ALLOWED_ORIGINS must be scheme and host/,
      );
    }
  });
});
