import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** The ILIKE pattern for "contains this text", with LIKE's wildcards in the text matched literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where any of `columns` contains `text` (case-blind); undefined when there is no text to look for. */
export function anyContains(text: string | undefined, columns: (Column | SQL)[]): SQL | undefined {
  const search = text?.trim();
  if (!search) return undefined;
  const pattern = containing(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}
