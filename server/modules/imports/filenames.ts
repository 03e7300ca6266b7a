import type { ImportFormat, ImportKind } from '../../../contract/api/imports';
import { badRequest } from '../../lib/errors';

/**
 * Import files are stored under keys made of the tenant, the kind and the row's id
 * (`imports/3/user/17.csv`), never of a name a person typed, so no name can reach another folder.
 * The names people see are cleaned on upload, and names given to the other calls must be plain
 * file names: anything with a folder, a parent reference or a control character is refused.
 */

const MAX_STEM = 120;

export const fileKey = (tenantId: number, kind: ImportKind, fileId: number, format: ImportFormat) =>
  `imports/${tenantId}/${kind}/${fileId}.${format}`;

export const resultKey = (tenantId: number, kind: ImportKind, runId: number) =>
  `imports/${tenantId}/${kind}/results/${runId}.csv`;

/**
 * The name an upload is listed under: the last part of what the browser sent (a path such as
 * `C:\Users\me\people.csv` or `../../x.csv` leaves `people.csv` / `x.csv`), letters, digits and
 * `space . _ - ( )` only, no leading dots, and the extension of what the content is.
 */
export function uploadName(sent: string | undefined, format: ImportFormat): string {
  const last = (sent ?? '').split(/[/\\]/).pop() ?? '';
  const stem = last
    .normalize('NFKC')
    .replace(/\.(csv|xlsx|xls|txt)$/i, '')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, MAX_STEM)
    .trim();
  return `${stem || 'import'}.${format}`;
}

/** The same stem with " (2)", " (3)"… before the extension: the next name free in `taken` (lower case). */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = [name.slice(0, dot), name.slice(dot)];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

const NOT_A_FILE_NAME = 'Give the file’s name as the import list shows it, without any folder';

/** A name given to download, run, delete…: a plain file name or a 400, before any lookup. */
export function assertFileName(name: string): string {
  const trimmed = name.trim();
  const bad =
    trimmed === '' ||
    /[/\\\0]/.test(trimmed) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(trimmed) ||
    trimmed.startsWith('.') ||
    trimmed.includes('..');
  if (bad) throw badRequest(NOT_A_FILE_NAME, { filename: NOT_A_FILE_NAME });
  return trimmed;
}
