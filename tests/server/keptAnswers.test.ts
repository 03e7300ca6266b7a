import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptAnswers } from '../../server/lib/keptAnswers';
import { encodedBody, keptBody } from '../../server/lib/keptBody';
import type { CardRow } from '../../server/modules/mytasks/cards';
import { type DayCards, renderDay } from '../../server/modules/mytasks/present';
import { createTestApp, type TestApp } from './helpers/app';

/*
 * What one process keeps in memory (server/lib/keptAnswers.ts): a bounded map of answers keyed by
 * the versions they depend on, one load per key at a time, nothing kept from a failed load, and
 * nothing at all with KEEP_ANSWERS=off. Then the two things built on kept answers: a store's day
 * rendered again only when the clock moves a card's flags, and kept bodies compressed once per
 * encoding that decode to the plain answer. Staying true across processes is for
 * twoProcesses.test.ts and coherence.test.ts.
 */

/** A promise with its resolve and reject, to hold a load open while other gets arrive. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A load that counts its calls and answers `value` (or the call number). */
function counting<T>(value?: T) {
  const load = async () => {
    load.calls++;
    return value ?? (load.calls as T);
  };
  load.calls = 0;
  return load;
}

describe('KeptAnswers', () => {
  it('answers a kept key without loading again', async () => {
    const kept = new KeptAnswers();
    const load = counting<string>('answer');
    expect(await kept.get('k', load)).toBe('answer');
    expect(await kept.get('k', load)).toBe('answer');
    expect(load.calls).toBe(1);
    // Another key is another answer.
    expect(await kept.get('other', counting<string>('other answer'))).toBe('other answer');
    expect(kept.size).toBe(2);
  });

  it('keeps at most its bound, evicting the least recently used key', async () => {
    const kept = new KeptAnswers(2);
    await kept.get('a', async () => 'A');
    await kept.get('b', async () => 'B');
    // Reading a makes b the least recently used.
    expect(await kept.get('a', async () => 'not loaded')).toBe('A');
    await kept.get('c', async () => 'C');
    expect(kept.size).toBe(2);
    expect(await kept.get('a', async () => 'not loaded')).toBe('A');
    expect(await kept.get('c', async () => 'not loaded')).toBe('C');
    // b went; loading it again evicts a, now the least recently used.
    expect(await kept.get('b', async () => 'B again')).toBe('B again');
    expect(kept.size).toBe(2);
    expect(await kept.get('a', async () => 'A again')).toBe('A again');
    expect(await kept.get('b', async () => 'not loaded')).toBe('B again');
  });

  it('never holds more than its bound, however many keys pass through', async () => {
    const kept = new KeptAnswers(10);
    for (let i = 0; i < 1_000; i++) await kept.get(`key ${i}`, async () => i);
    expect(kept.size).toBe(10);
    // The newest ten are the ones kept.
    for (let i = 990; i < 1_000; i++) expect(await kept.get(`key ${i}`, async () => -1)).toBe(i);
    expect(await kept.get('key 989', async () => -1)).toBe(-1);
  });

  it('shares one load among gets of a key that arrive while it runs', async () => {
    const kept = new KeptAnswers();
    const pending = deferred<{ rows: number[] }>();
    let calls = 0;
    const load = () => {
      calls++;
      return pending.promise;
    };
    const gets = [kept.get('k', load), kept.get('k', load), kept.get('k', load)];
    // Another key is not held up by the first one's load.
    expect(await kept.get('other', async () => 'other')).toBe('other');
    pending.resolve({ rows: [1, 2] });
    const answers = await Promise.all(gets);
    expect(calls).toBe(1);
    // The very same value: one read of the database for the burst.
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
    expect(await kept.get('k', load)).toBe(answers[0]);
    expect(calls).toBe(1);
  });

  it('keeps nothing of a failed load: every waiting get fails, and the next get loads again', async () => {
    const kept = new KeptAnswers();
    const pending = deferred<string>();
    const first = kept.get('k', () => pending.promise);
    const second = kept.get('k', async () => 'not called: the first load is under way');
    pending.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    expect(kept.size).toBe(0);
    const load = counting<string>('loaded again');
    expect(await kept.get('k', load)).toBe('loaded again');
    expect(await kept.get('k', load)).toBe('loaded again');
    expect(load.calls).toBe(1);
  });

  it('keeps nothing of a load that throws before it answers', async () => {
    const kept = new KeptAnswers();
    const throwing = () => {
      throw new Error('bad key');
    };
    await expect(kept.get('k', throwing)).rejects.toThrow('bad key');
    expect(await kept.get('k', async () => 'fine')).toBe('fine');
  });

  it('keeps a loaded value only when `keep` allows it, yet answers it', async () => {
    const kept = new KeptAnswers();
    const load = counting<string>('x'.repeat(100));
    const small = (value: string) => value.length <= 10;
    expect(await kept.get('big', load, small)).toHaveLength(100);
    expect(await kept.get('big', load, small)).toHaveLength(100);
    expect(load.calls).toBe(2);
    expect(kept.size).toBe(0);
  });

  it('with on=false keeps nothing: every get loads, even gets that overlap', async () => {
    const kept = new KeptAnswers(50_000, false);
    expect(kept.on).toBe(false);
    const load = counting<number>();
    expect(await kept.get('k', load)).toBe(1);
    expect(await kept.get('k', load)).toBe(2);
    expect(await Promise.all([kept.get('k', load), kept.get('k', load)])).toEqual([3, 4]);
    expect(load.calls).toBe(4);
    expect(kept.size).toBe(0);
  });
});

describe('renderDay', () => {
  const due = Date.parse('2026-11-24T10:00:00.000Z');
  const card = (overrides: Partial<Record<keyof CardRow, unknown>> = {}) =>
    ({
      assignment_id: 1,
      task_id: 1,
      title: 'Count the till',
      type: {
        id: 1,
        name: 'Task',
        colour: '#000',
        secondary_colour: null,
        icon: null,
        sort_order: 0,
        kind: 'task',
      },
      status: 'open',
      occurrence_date: '2026-11-24',
      start_at: '2026-11-24T08:00:00.000Z',
      due_at: new Date(due).toISOString(),
      expires_at: new Date(due + 3_600_000).toISOString(),
      workspace: { id: 7, name: 'Sydney CBD' },
      department: null,
      estimated_minutes: null,
      checklist_total: 0,
      checklist_ticked: 0,
      evidence_comment: false,
      evidence_photos: 0,
      evidence_files: 0,
      approval: false,
      attempt: 1,
      rejection_reason: null,
      mine: null,
      mine_stale: null,
      acknowledged_count: null,
      people: null,
      ...overrides,
    }) as unknown as CardRow;
  const flags = (body: string) =>
    (JSON.parse(body).data as { tasks: { overdue: boolean; expired: boolean }[] }[]).flatMap((g) =>
      g.tasks.map((c) => ({ overdue: c.overdue, expired: c.expired })),
    );

  function renderer(day: DayCards) {
    const counter = { renders: 0 };
    const render = (now: number) =>
      renderDay(
        day,
        (groups) => {
          counter.renders++;
          return JSON.stringify(groups);
        },
        now,
      );
    return { render, counter };
  }

  it('keeps a rendering of a day until a due time or an expiry passes', () => {
    const { render, counter } = renderer({ rows: [card()] });
    const before = render(due - 60_000);
    expect(flags(before.body)).toEqual([{ overdue: false, expired: false }]);
    // Up to the instant before the due time: the same kept body, not rendered again.
    expect(render(due - 1)).toBe(before);
    expect(counter.renders).toBe(1);
    const late = render(due + 1);
    expect(flags(late.body)).toEqual([{ overdue: true, expired: false }]);
    expect(render(due + 3_599_999)).toBe(late);
    // At its expiry instant the card is expired (expires_at <= now), no longer overdue.
    const expired = render(due + 3_600_000);
    expect(flags(expired.body)).toEqual([{ overdue: false, expired: true }]);
    // Nothing changes after the last instant: kept for good.
    expect(render(due + 86_400_000 * 365)).toBe(expired);
    expect(counter.renders).toBe(3);
  });

  it('turns a card overdue a millisecond after its due time, even when rendered at that very instant', () => {
    const { render } = renderer({ rows: [card({ expires_at: null })] });
    // At the due instant itself the card is not overdue yet (overdue is due_at < now)…
    expect(flags(render(due).body)).toEqual([{ overdue: false, expired: false }]);
    // …and a millisecond later it is: that rendering must not be kept past the due time.
    expect(flags(render(due + 1).body)).toEqual([{ overdue: true, expired: false }]);
    expect(flags(render(due + 3_600_000).body)).toEqual([{ overdue: true, expired: false }]);
  });

  it('takes the earliest instant of all the cards, and ignores instants already past', () => {
    const { render, counter } = renderer({
      rows: [
        card(),
        card({
          assignment_id: 2,
          due_at: new Date(due - 7_200_000).toISOString(),
          expires_at: null,
        }),
        card({ assignment_id: 3, due_at: new Date(due + 600_000).toISOString(), expires_at: null }),
      ],
    });
    const first = render(due - 60_000);
    // Card 2 is overdue already; it moves nothing any more.
    expect(flags(first.body)).toEqual([
      { overdue: false, expired: false },
      { overdue: true, expired: false },
      { overdue: false, expired: false },
    ]);
    expect(render(due - 1)).toBe(first);
    const second = render(due + 1);
    expect(flags(second.body).map((f) => f.overdue)).toEqual([true, true, false]);
    // Card 3's due time is the next change, before card 1's expiry.
    expect(render(due + 599_999)).toBe(second);
    expect(flags(render(due + 600_001).body).map((f) => f.overdue)).toEqual([true, true, true]);
    expect(counter.renders).toBe(3);
  });

  it('renders a finished card the same at any time', () => {
    const { render, counter } = renderer({ rows: [card({ status: 'done' })] });
    const done = render(due - 60_000);
    expect(flags(done.body)).toEqual([{ overdue: false, expired: false }]);
    // Its due and expiry instants are still ahead, so it is rendered again there: same body.
    expect(render(due + 1).body).toBe(done.body);
    expect(render(due + 3_600_001).body).toBe(done.body);
    expect(counter.renders).toBe(3);
  });
});

describe('kept bodies, compressed', () => {
  it('compresses a big body once per encoding, the copies decoding to the plain body', () => {
    const body = JSON.stringify({ data: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `n${i}` })) });
    const kept = keptBody(body);
    expect(encodedBody(kept, undefined)).toEqual({ body });
    expect(encodedBody(kept, 'identity')).toEqual({ body });
    const br = encodedBody(kept, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(body);
    // Asked again: the same buffer, not compressed again.
    expect(encodedBody(kept, 'br').body).toBe(br.body);
    const gzip = encodedBody(kept, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(body);
    // br refused with q=0: gzip.
    expect(encodedBody(kept, 'br;q=0, gzip').encoding).toBe('gzip');
  });

  it('sends a small body as it is, whatever the client accepts', () => {
    const kept = keptBody('{"status":200,"data":[]}');
    expect(encodedBody(kept, 'br, gzip')).toEqual({ body: kept.body });
    expect(kept.encoded).toEqual({});
  });
});

describe('kept answers over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('sends a kept answer compressed as the browser asks, the same answer as uncompressed', async () => {
    const token = await t.tokenFor('owner@acme.test');
    const headers = (encoding?: string) => ({
      authorization: `Bearer ${token}`,
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    });
    for (const url of [
      '/api/user/verify',
      '/api/user/list?page=1&per_page=100',
      '/api/hierarchy/tree/fetch',
    ]) {
      const plain = await t.app.inject({ url, headers: headers() });
      expect(plain.statusCode, `${url}: ${plain.body.slice(0, 300)}`).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      // Big enough to be compressed at all (2 KB).
      expect(plain.rawPayload.length, url).toBeGreaterThan(2048);
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        // Twice: the second answer is the copy compressed by the first.
        for (let i = 0; i < 2; i++) {
          const packed = await t.app.inject({ url, headers: headers(encoding) });
          expect(packed.statusCode, url).toBe(200);
          expect(packed.headers['content-encoding'], url).toBe(encoding);
          expect(packed.headers.vary, url).toContain('accept-encoding');
          expect(JSON.parse(decode(packed.rawPayload).toString()), `${url} in ${encoding}`).toEqual(
            plain.json(),
          );
        }
      }
    }
  });
});
