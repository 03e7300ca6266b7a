import type {
  ImportDeleted,
  ImportFileDetail,
  ImportFileList,
  ImportFormat,
  ImportKind,
  ImportProgress,
  ImportResult,
  ImportRunBody,
} from '../../../contract/api/imports';
import { apiFetch } from '../httpClient';
import { type UploadOptions, uploadFile } from '../uploadRequest';

const base = (kind: ImportKind) => `/api/${kind}/import`;

/**
 * The bulk imports of people (`user`) and stores (`workspace`), issue 14: the same calls under
 * both kinds. Spec §8's fallback texts when the answer carries no message of its own.
 */
export const importMethods = {
  getImportFiles: (kind: ImportKind) => apiFetch<ImportFileList>(`${base(kind)}/list`),

  getImportFile: (kind: ImportKind, filename: string) =>
    apiFetch<ImportFileDetail>(`${base(kind)}/get`, { query: { filename } }),

  /** POST upload (form data, field `file`) with progress; answers the check report at once. */
  uploadImportFile: (kind: ImportKind, file: File, options: Omit<UploadOptions, 'fallback'> = {}) =>
    uploadFile<ImportFileDetail>(`${base(kind)}/upload`, file, {
      ...options,
      fallback: 'errors.file_upload',
    }),

  /** Queues a run; 409 while one of the file is under way. */
  runImport: (kind: ImportKind, body: ImportRunBody) =>
    apiFetch<ImportProgress>(`${base(kind)}/run`, {
      method: 'POST',
      body,
      fallback: `imports.errors.run_${kind}`,
    }),

  /** The file's latest run (404 before the first). */
  getImportProgress: (kind: ImportKind, filename: string) =>
    apiFetch<ImportProgress>(`${base(kind)}/progress`, { query: { filename } }),

  /** The latest finished run with the rows that failed first. */
  getImportResult: (kind: ImportKind, filename: string) =>
    apiFetch<ImportResult>(`${base(kind)}/result`, { query: { filename, format: 'json' } }),

  /** Every row's fate as CSV. */
  downloadImportResult: (kind: ImportKind, filename: string) =>
    apiFetch<File>(`${base(kind)}/result`, { query: { filename, format: 'csv' }, responseType: 'file' }),

  /** The file as it was uploaded. */
  downloadImportFile: (kind: ImportKind, filename: string) =>
    apiFetch<File>(`${base(kind)}/download`, { query: { filename }, responseType: 'file' }),

  deleteImportFile: (kind: ImportKind, filename: string) =>
    apiFetch<ImportDeleted>(`${base(kind)}/delete`, {
      method: 'DELETE',
      query: { filename },
      fallback: 'imports.errors.delete',
    }),

  downloadImportTemplate: (kind: ImportKind, format: ImportFormat) =>
    apiFetch<File>(`${base(kind)}/template`, { query: { format }, responseType: 'file' }),
};
