import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_DOCUMENT_BYTES, MAX_PHOTO_BYTES } from '../../../contract/api/tasks';

export interface DetectedFile {
  kind: 'photo' | 'document';
  mime: string;
  maxBytes: number;
}

/** Photos by content: JPEG, PNG, WebP and the HEIC/HEIF pictures phones take. */
const PHOTOS: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/heic': 'image/heic',
  'image/heic-sequence': 'image/heic',
  'image/heif': 'image/heif',
  'image/heif-sequence': 'image/heif',
};

/** Documents by content: PDF and Office (OOXML and OpenDocument). */
const DOCUMENTS = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

/** Office 97–2003 files are all one container format (CFB); the name says which application. */
const LEGACY_OFFICE: Record<string, string> = {
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text is only accepted under a text name: an .html or .svg file is text too, but not a document. */
const TEXT_NAMES = new Set(['.txt', '.csv', '.tsv', '.md', '.log']);

/** Every media type a task file is stored (and answered) as. */
export const TASK_FILE_TYPES: readonly string[] = [
  ...new Set([
    ...Object.values(PHOTOS),
    ...DOCUMENTS,
    ...Object.values(LEGACY_OFFICE),
    'text/csv',
    'text/plain',
  ]),
];

/** Text (CSV or plain) has no magic number: valid UTF-8 without NUL bytes is text. */
function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an upload is by its content (never by its name, except to tell legacy Office formats and
 * CSV from plain text apart), with the limit for its kind; undefined when it is not accepted.
 */
export async function detectTaskFile(data: Buffer, filename: string): Promise<DetectedFile | undefined> {
  const ext = path.extname(filename).toLowerCase();
  const type = await fileTypeFromBuffer(data);
  if (type) {
    const photo = PHOTOS[type.mime];
    if (photo) return { kind: 'photo', mime: photo, maxBytes: MAX_PHOTO_BYTES };
    if (DOCUMENTS.has(type.mime)) return { kind: 'document', mime: type.mime, maxBytes: MAX_DOCUMENT_BYTES };
    const legacy = type.ext === 'cfb' ? LEGACY_OFFICE[ext] : undefined;
    if (legacy) return { kind: 'document', mime: legacy, maxBytes: MAX_DOCUMENT_BYTES };
    return undefined;
  }
  if (!TEXT_NAMES.has(ext) || !isText(data)) return undefined;
  return { kind: 'document', mime: ext === '.csv' ? 'text/csv' : 'text/plain', maxBytes: MAX_DOCUMENT_BYTES };
}

/** A file name safe to store and send back: no folders, no control characters, a bounded length. */
export function cleanFileName(filename: string): string {
  const base = path.basename(filename.replaceAll('\\', '/'));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(-200) || 'file';
}
