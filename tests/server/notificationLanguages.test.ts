import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '../../contract/api/notifications';
import { LANGUAGES } from '../../contract/languages';
import { scan } from '../../server/modules/notification/scheduled';
import { noticeWords } from '../../server/modules/notification/words';
import { DEMO_LANGUAGES } from '../../server/seed/people';
import { OWNER, STAFF, SYDNEY } from './helpers/acmePeople';
import { appWithPushService } from './helpers/pushService';
import { localDate } from './helpers/taskRows';
import { taskKit } from './helpers/tasks';

/*
 * Issue 31: a notice that leaves the app (an e-mail, a push) is written in the language of the
 * person it goes to — their own, else their tenant's default, else English — whoever caused it.
 */

const OLIVIA = 'olivia.smith.1@acme.test';
const NOAH = 'noah.martin.2@acme.test';

const t = appWithPushService();
const kit = taskKit(t);

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The store a demo person works at (the demo spreads them over the stores). */
const storeOf = async (username: string) => {
  const [row] = await rowsOf<{ name: string }>(sql`
    SELECT n.name FROM positions p
    JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id
    JOIN hierarchy_nodes n ON n.tenant_id = p.tenant_id AND n.id = p.node_id
    WHERE u.username = ${username} ORDER BY p.id LIMIT 1`);
  return row!.name;
};

const takeUrgentBy = async (as: string, channel: 'email' | 'push') => {
  const res = await t.injectAs(as, {
    method: 'PUT',
    url: '/api/notification/preferences',
    payload: { data: [{ event: 'task.urgent', channel, enabled: true }] },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const urgentAt = (stores: string[], title: string) => kit.urgentAllDay(title, stores);

const mailAbout = async (to: string, title: string) => {
  const mails = (await t.mailsTo(to)).filter((m) => m.subject.endsWith(title));
  expect(mails, `${to}: ${title}`).toHaveLength(1);
  return mails[0]!;
};

describe('a notice’s words', () => {
  it('fill every placeholder of every event in every language', () => {
    const data = {
      task_title: 'Recall',
      store_name: 'Sydney CBD',
      reason: 'Blurry photo',
      waiting: 3,
      hours_late: 4,
      due_today: 5,
      missed: 2,
    };
    for (const language of LANGUAGES)
      for (const event of NOTIFICATION_EVENTS) {
        const { title, body } = noticeWords(event, data, language);
        expect(`${title} ${body}`, `${language} ${event}`).not.toMatch(/[{}]/);
        expect(title.trim(), `${language} ${event}`).not.toBe('');
      }
    expect(noticeWords('review.waiting', data, 'fr').body).toBe(
      '3 tâches réalisées attendent votre contrôle.',
    );
  });
});

describe('a notice by e-mail and push', () => {
  it('reaches each person in their own language, not the language of the person who sent the task', async () => {
    expect(DEMO_LANGUAGES).toMatchObject({ [OLIVIA]: 'es', [NOAH]: 'fr' });
    const [oliviaStore, noahStore] = [await storeOf(OLIVIA), await storeOf(NOAH)];
    for (const person of [OLIVIA, NOAH, STAFF]) await takeUrgentBy(person, 'email');
    await takeUrgentBy(OLIVIA, 'push');
    const phone = t.push.device('/push/olivia-phone');
    const subscribed = await t.injectAs(OLIVIA, {
      method: 'POST',
      url: '/api/notification/push/subscribe',
      payload: { endpoint: phone.endpoint, keys: phone.keys },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    // The sender reads Spanish: nobody's notice follows that.
    await kit.org.setLanguage(OWNER, 'es');

    const title = 'Recall: batch 9 olives';
    const id = await urgentAt([oliviaStore, noahStore, 'Sydney CBD'], title);
    await t.app.jobs.drain();
    const assignments = await kit.assignmentsOf(id);
    expect(assignments.length).toBeGreaterThanOrEqual(2);

    const spanish = await mailAbout(OLIVIA, title);
    expect(spanish.subject).toBe(`Urgente en ${oliviaStore}: ${title}`);
    expect(spanish.body).toMatch(
      new RegExp(
        `^Ha empezado una tarea urgente en ${oliviaStore}: .+\\.\\n\\nÁbrelo en Storeline: http://storeline\\.test/task\\?assignment=\\d+\\n$`,
      ),
    );
    const french = await mailAbout(NOAH, title);
    expect(french.subject).toBe(`Urgent à ${noahStore} : ${title}`);
    expect(french.body).toContain('Ouvrez-le dans Storeline : http://storeline.test/task?assignment=');
    const english = await mailAbout(STAFF, title);
    expect(english.subject).toBe(`Urgent at Sydney CBD: ${title}`);
    expect(english.body).toContain('Open it in Storeline: http://storeline.test/task?assignment=');

    const pushed = t.push.requests.filter((r) => r.path === '/push/olivia-phone');
    expect(pushed).toHaveLength(1);
    expect(phone.decrypt(pushed[0]!.body)).toMatchObject({
      title: `Urgente en ${oliviaStore}: ${title}`,
      body: `Ha empezado una tarea urgente en ${oliviaStore}: ${title}.`,
    });
  });

  it('follows the tenant’s default for a person who chose no language', async () => {
    const saved = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/setting/update',
      payload: { language: 'fr' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const title = 'Recall: batch 10 capers';
      await urgentAt([await storeOf(OLIVIA), 'Sydney CBD'], title);
      await t.app.jobs.drain();
      expect((await mailAbout(STAFF, title)).subject).toBe(`Urgent à Sydney CBD : ${title}`);
      // Her own language comes before the tenant's.
      expect((await mailAbout(OLIVIA, title)).subject).toMatch(/^Urgente en /);
    } finally {
      await t.injectAs(OWNER, { method: 'PUT', url: '/api/setting/update', payload: { language: null } });
    }
  });
});

describe('a scheduled notice by e-mail', () => {
  it('sends the store manager’s 07:00 digest in their language', async () => {
    const STORE = 'store@acme.test';
    await kit.org.setLanguage(STORE, 'fr');
    await urgentAt(['Sydney CBD'], 'Due today for the French digest');
    const today = localDate(SYDNEY);
    const [{ at }] = await rowsOf<{ at: string }>(
      sql`SELECT to_char((${`${today} 07:05`}::timestamp AT TIME ZONE ${SYDNEY}) AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`,
    );
    await scan(
      t.database.db,
      { mail: { mailer: t.app.mailer, publicUrl: 'http://storeline.test' } },
      new Date(at!),
    );
    const digests = (await t.mailsTo(STORE)).filter((m) => m.subject.startsWith('Aujourd’hui à Sydney CBD'));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toMatch(/^Aujourd’hui à Sydney CBD : \d+ à faire$/);
    expect(digests[0]!.body).toMatch(
      /^\d+ tâches sont à faire aujourd’hui à Sydney CBD ; \d+ prévues hier n’ont pas été faites\.\n\nOuvrez-le dans Storeline : http:\/\/storeline\.test\/task\n$/,
    );
  });
});
