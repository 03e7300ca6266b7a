import { createHash } from 'node:crypto';
import { type DownloadQuery, type FileInfo, THUMBNAIL_SOURCES } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import { type Caller, can } from '../../lib/caller';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import type { FileStorage, StoredFile } from '../../lib/storage';
import type { Upload } from '../../lib/uploads';
import { cleanFileName, detectTaskFile } from './detect';
import {
  existingFiles as existingFileHashes,
  findFile,
  insertFile,
  isNameOf,
  mayDownload,
} from './repository';
import { makeThumbnail, THUMBNAIL_EDGE } from './thumbnail';

const NOT_ACCEPTED =
  'This kind of file is not accepted: upload a photo (JPEG, PNG, WebP, HEIC) or a document (PDF, Word, Excel, PowerPoint, CSV, text)';

/** Task files live under their tenant and the SHA-256 of their bytes, like avatars (profile/avatar.ts). */
const storageKey = (tenantId: number, hash: string) => `task-files/${tenantId}/${hash}`;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Authors attach reference files; people completing tasks attach evidence; inspectors photos and signatures; actions photos. */
export function assertMayUpload(caller: Caller) {
  const allowed =
    !caller.isAdminTenant &&
    (can(caller, 'taskmanagement', ['create']) ||
      can(caller, 'taskmanagement', ['update']) ||
      can(caller, 'mytasks', ['complete']) ||
      can(caller, 'compliance', ['complete']) ||
      can(caller, 'inspection', ['create']) ||
      can(caller, 'inspection', ['update']) ||
      // Photos of a problem and of its fix (issue 49): whoever reads actions may work or comment on one.
      can(caller, 'action', ['read']));
  if (!allowed) throw forbidden();
}

export async function storeTaskFile(
  db: Db,
  files: FileStorage,
  caller: Caller,
  upload: Upload,
): Promise<FileInfo> {
  const name = cleanFileName(upload.filename);
  const type = await detectTaskFile(upload.data, name);
  if (!type) throw badRequest(NOT_ACCEPTED, { file: NOT_ACCEPTED });
  if (upload.data.length > type.maxBytes) {
    const message = `The ${type.kind} is too large: upload ${megabytes(type.maxBytes)} or less`;
    throw new HttpError(413, message, { file: message });
  }
  const hash = createHash('sha256').update(upload.data).digest('hex');
  // Bytes first: a row never points at a file that is not there.
  await files.put(storageKey(caller.tenantId, hash), upload.data);
  const row = await insertFile(db, {
    tenantId: caller.tenantId,
    hash,
    name,
    mime: type.mime,
    size: upload.data.length,
    kind: type.kind,
    uploadedBy: caller.userId,
  });
  // The name this upload was given, even when the same bytes were stored before under another.
  return { hash: row.hash, name, size: row.size, mime: row.mime };
}

/**
 * The file's bytes for a caller who may see something that uses it; 404 otherwise (never 403: no
 * hint it exists). Its name is the one asked for when the file carries it somewhere (the same
 * bytes may be "endcap.jpg" on one task and "shelf.jpg" on a completion), else its first name.
 */
export async function readTaskFile(
  db: Db,
  files: FileStorage,
  caller: Caller,
  { hash, name: wanted }: DownloadQuery,
) {
  const file = /^[a-f0-9]{64}$/.test(hash) ? await findFile(db, caller.tenantId, hash) : undefined;
  if (!file || !(await mayDownload(db, caller, file))) throw notFound('File');
  const stored = await files.open(storageKey(caller.tenantId, hash));
  if (!stored) throw notFound('File');
  const name =
    wanted !== undefined && wanted !== file.name && (await isNameOf(db, caller.tenantId, hash, wanted))
      ? wanted
      : file.name;
  return { file: { ...file, name }, stored };
}

/**
 * A photo's thumbnail for a caller who may see the photo (the same rule and the same 404 as the
 * photo). Made on first ask and kept beside the photo: files are content-addressed, so a kept
 * thumbnail is never stale, and two processes making it at once write the same bytes.
 */
export async function readTaskThumbnail(
  db: Db,
  files: FileStorage,
  caller: Caller,
  hash: string,
): Promise<Buffer | StoredFile> {
  const file = /^[a-f0-9]{64}$/.test(hash) ? await findFile(db, caller.tenantId, hash) : undefined;
  if (!file || !(await mayDownload(db, caller, file))) throw notFound('File');
  if (!THUMBNAIL_SOURCES.includes(file.mime)) throw notFound('Preview');
  const key = `${storageKey(caller.tenantId, hash)}.thumb-${THUMBNAIL_EDGE}.webp`;
  const kept = await files.open(key);
  if (kept) return kept;
  const photo = await files.get(storageKey(caller.tenantId, hash));
  const made = photo && (await makeThumbnail(photo));
  if (!made) throw notFound('Preview');
  await files.put(key, made);
  return made;
}

/** Which of these hashes the tenant has stored (a task may only attach uploaded files). */
export const existingFiles = (db: Db, tenantId: number, hashes: readonly string[]) =>
  existingFileHashes(db, tenantId, hashes);
