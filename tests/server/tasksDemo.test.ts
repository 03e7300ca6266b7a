import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../contract/api/reports';
import { seedDemoTasks } from '../../server/seed/demoTasks';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let seeded: { tasks: number; assignments: number };
// A fixed Monday morning in Sydney (Monday 2 March 2026, 08:30 local).
const NOW = new Date('2026-03-01T21:30:00Z');
beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemoTasks(t.database.db, { now: NOW });
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('seedDemoTasks', () => {
  it('creates a dozen published Acme tasks, a draft and an archived one', async () => {
    expect(seeded.tasks).toBe(14);
    const byStatus = await rows<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM tasks GROUP BY status ORDER BY status`,
    );
    expect(byStatus).toEqual([
      { status: 'archived', n: 1 },
      { status: 'draft', n: 1 },
      { status: 'published', n: 12 },
    ]);
    const list = await t.injectAs('owner@acme.test', {
      url: '/api/admin/task/list',
      query: { per_page: 50 },
    });
    expect(list.json().data.total).toBe(14);
    expect(list.json().data.data.map((r: { title: string }) => r.title)).toContain(
      'Recall: Smooth peanut butter 375 g, batch 2291',
    );
  });

  it('gives stores work today and this week, and history with every outcome', async () => {
    const today = await t.injectAs('owner@acme.test', {
      url: '/api/admin/task/date',
      query: { datetime: String(NOW.getTime() / 1000), timezone: 'Australia/Sydney' },
    });
    expect(today.json().data.date).toBe('2026-03-02');
    const groups = today.json().data.data as { name: string; tasks: { title: string }[] }[];
    expect(groups.find((g) => g.name === 'Urgent')!.tasks.map((x) => x.title)).toEqual([
      'Recall: Smooth peanut butter 375 g, batch 2291',
    ]);
    expect(groups.find((g) => g.name === 'Task')!.tasks.map((x) => x.title)).toEqual(
      expect.arrayContaining(['Opening checklist', 'Weekly price change: update shelf tickets']),
    );
    const statuses = (await rows<{ status: string }>(sql`SELECT DISTINCT status FROM task_assignments`)).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([
      'approved',
      'cancelled',
      'cannot_do',
      'done',
      'expired',
      'open',
      'submitted',
    ]);
    const [week] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM task_assignments WHERE occurrence_date BETWEEN '2026-03-02' AND '2026-03-08'`,
    );
    expect(week!.n).toBeGreaterThan(100);
    const [finished] = await rows<{ missing: number }>(
      sql`SELECT count(*)::int AS missing FROM task_assignments WHERE status IN ('done', 'approved') AND (completed_by IS NULL OR completed_at IS NULL OR first_time_right IS NULL)`,
    );
    expect(finished!.missing).toBe(0);
    expect(seeded.assignments).toBeGreaterThan(500);
  });

  it('has work due in every week of the dashboard’s eight, so its trend is drawn across', async () => {
    const res = await t.injectAs('owner@acme.test', {
      url: '/api/dashboard/summary',
      query: { today: '2026-03-02' },
    });
    const { trend } = res.json().data as DashboardSummary;
    expect(trend.map((w) => w.week)).toHaveLength(8);
    expect(trend[0]!.week).toBe('2026-01-12');
    expect(trend.filter((w) => w.assigned === 0).map((w) => w.week)).toEqual([]);
    expect(trend.every((w) => w.completion_rate !== null)).toBe(true);
  });
});
