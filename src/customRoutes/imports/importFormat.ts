/** "12 KB", "1.4 MB": a file's size as people read it. */
export function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The name without its extension ("people.xlsx" → "people"). */
function stemOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

/** What the server calls the result report of a file's run (the download's own name). */
export const resultName = (filename: string) => `${stemOf(filename)} - result.csv`;
