import { useCallback, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { statusOf } from '../../providers/httpClient';
import { preparePhoto } from './preparePhoto';

export interface UploadItem {
  key: number;
  file: File;
  /** As the server will count it: it detects photos by content, so any image counts as a photo. */
  kind: 'photo' | 'document';
  /** Share sent so far, 0 to 1. */
  progress: number;
  /** `kept`: no network; the (prepared) file stays on the phone and goes with the queued completion. */
  status: 'uploading' | 'done' | 'failed' | 'kept';
  hash?: string;
  error?: string;
}

const kindOf = (file: File): UploadItem['kind'] => (file.type.startsWith('image/') ? 'photo' : 'document');

/**
 * The evidence files of one completion form: each uploads as soon as it is chosen (POST
 * /api/user/task/upload; photos first scaled and stripped on the phone) with its own progress; a failed one keeps its place with the reason and
 * can be retried or removed, and nothing else in the form is lost.
 */
export function useUploads() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextKey = useRef(1);

  const patch = useCallback((key: number, changes: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  }, []);

  const start = useCallback(
    (key: number, file: File) => {
      (kindOf(file) === 'photo' ? preparePhoto(file) : Promise.resolve(file))
        .then((prepared) => {
          patch(key, { file: prepared });
          return dataProvider
            .uploadTaskFile(prepared, { onProgress: (progress) => patch(key, { progress }) })
            .then((result) => patch(key, { status: 'done', progress: 1, hash: result.hash }))
            .catch((error: unknown) => {
              // Offline (issue 30): keep the file for the completions queue instead of failing.
              if (statusOf(error) === 0) patch(key, { status: 'kept', progress: 0 });
              else throw error;
            });
        })
        .catch((error: unknown) =>
          patch(key, { status: 'failed', error: error instanceof Error ? error.message : String(error) }),
        );
    },
    [dataProvider, patch],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map(
        (file): UploadItem => ({
          key: nextKey.current++,
          file,
          kind: kindOf(file),
          progress: 0,
          status: 'uploading',
        }),
      );
      setItems((current) => [...current, ...added]);
      for (const item of added) start(item.key, item.file);
    },
    [start],
  );

  const retry = useCallback(
    (key: number) => {
      const item = items.find((i) => i.key === key);
      if (!item) return;
      patch(key, { status: 'uploading', progress: 0, error: undefined });
      start(key, item.file);
    },
    [items, patch, start],
  );

  const remove = useCallback((key: number) => {
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  // A file kept for the queue counts towards the evidence rules like an uploaded one.
  const uploaded = items.filter((i) => i.status === 'done' || i.status === 'kept');
  return {
    items,
    add,
    retry,
    remove,
    busy: items.some((i) => i.status === 'uploading'),
    hashes: uploaded.map((i) => i.hash!).filter(Boolean),
    kept: items.filter((i) => i.status === 'kept').map((i) => i.file),
    photos: uploaded.filter((i) => i.kind === 'photo').length,
    documents: uploaded.filter((i) => i.kind === 'document').length,
  };
}
