/** The ILIKE pattern for "contains this text", with LIKE's wildcards in the text matched literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
