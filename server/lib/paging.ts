import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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

/**
 * A page and its total as one JSON document `{ total, rows }` (read with jsonRows): `page` selects
 * the page's ids with `totalCount()` as `total`, `from` joins each id back to its tables, `row`
 * builds its JSON, and the rows keep `order` (sorted again over the page's rows only: numbering
 * every row the filter matches would sort them all). A page past the end has no row to carry the
 * total: only then, past page 1, is `countAll` counted.
 */
export function jsonPage(options: {
  page: SQLWrapper;
  pageNumber: number;
  countAll: () => SQLWrapper;
  row: SQL;
  order: SQL;
  from: SQL;
}): SQL {
  const total = options.pageNumber > 1 ? options.countAll() : sql`0`;
  return sql`WITH page AS ${options.page}
    SELECT json_build_object('total', coalesce(max(page.total), ${total}),
      'rows', coalesce(json_agg(${options.row} ORDER BY ${options.order}), '[]'))::text AS rows
    FROM page ${options.from}`;
}
