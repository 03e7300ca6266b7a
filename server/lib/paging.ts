import { sql } from 'drizzle-orm';

/**
 * The size of the whole filtered set, selected beside each row of a page, so that a list answers
 * its page and its total in one round trip instead of two (lists are among the hottest calls).
 */
export const totalCount = () => sql<number>`count(*) over()`.mapWith(Number);

/**
 * A page selected with `totalCount()` as `total`. A page past the end has no row to carry the
 * total: only then is it counted separately.
 */
export async function pageWithTotal<T>(
  rows: { row: T; total: number }[],
  page: number,
  countAll: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  if (rows.length > 0) return { rows: rows.map((r) => r.row), total: rows[0]!.total };
  return { rows: [], total: page > 1 ? await countAll() : 0 };
}
