import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type {
  ImportFileDetail,
  ImportKind,
  ImportProgress,
  ImportRunBody,
} from '../../../contract/api/imports';
import { useSearchParamsEditor } from '../../hooks/useAddressParams';
import type { AppDataProvider } from '../../providers/dataProvider';

const IMPORTS_KEY = 'imports';
/** How often a queued or running import is asked for its progress. */
const POLL_MS = 1000;

/** Queued or running; the server reports a run lost with its process as failed. */
export const isUnderWay = (run: Pick<ImportProgress, 'state'> | null | undefined) =>
  run?.state === 'queued' || run?.state === 'running';

/** The file being looked at lives in the address (`?file=`), so a reload or a shared link opens it again. */
export function useSelectedFile() {
  const [searchParams, editSearchParams] = useSearchParamsEditor();
  const selected = searchParams.get('file') || undefined;
  const select = useCallback(
    (filename: string | undefined) =>
      editSearchParams((next) => {
        if (filename) next.set('file', filename);
        else next.delete('file');
      }),
    [editSearchParams],
  );
  return [selected, select] as const;
}

export function useImportFiles(kind: ImportKind) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [IMPORTS_KEY, kind, 'list'],
    queryFn: () => dataProvider.getImportFiles(kind),
    // A file being imported changes state on its own: follow it until it ends.
    refetchInterval: (query) =>
      query.state.data?.data.some((file) => isUnderWay(file.last_run)) ? POLL_MS * 2 : false,
  });
}

export function useImportFile(kind: ImportKind, filename: string | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [IMPORTS_KEY, kind, 'file', filename ?? null],
    queryFn: () => dataProvider.getImportFile(kind, filename!),
    enabled: filename !== undefined,
  });
}

/**
 * The file's latest run, asked again every second while it is queued or running (the run is kept
 * by the server, so after a reload the page finds it and follows it again). `enabled` only once the
 * file has a run: before the first, progress answers 404.
 */
export function useImportProgress(kind: ImportKind, filename: string, enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [IMPORTS_KEY, kind, 'progress', filename],
    queryFn: () => dataProvider.getImportProgress(kind, filename),
    enabled,
    refetchInterval: (query) => (isUnderWay(query.state.data) ? POLL_MS : false),
  });
}

/** The rows a finished run did not import, for a first look; the CSV has every row. */
export function useImportResult(kind: ImportKind, filename: string, runId: number | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [IMPORTS_KEY, kind, 'result', filename, runId ?? null],
    queryFn: () => dataProvider.getImportResult(kind, filename),
    enabled: runId !== undefined,
  });
}

/** Everything the page shows of the kind's files, after a change: the list, the file, its run. */
export function useRefreshImports(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, kind] }),
    [queryClient, kind],
  );
}

/** An upload's answer is the file's check: kept as the file's detail so opening it needs no call. */
export function useRememberUpload(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useCallback(
    (detail: ImportFileDetail) => {
      queryClient.setQueryData([IMPORTS_KEY, kind, 'file', detail.file.filename], detail);
      queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, kind, 'list'] });
    },
    [queryClient, kind],
  );
}

export function useRunImport(kind: ImportKind) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportRunBody) => dataProvider.runImport(kind, body),
    onSuccess: (progress) => {
      queryClient.setQueryData([IMPORTS_KEY, kind, 'progress', progress.filename], progress);
      // The file now has a run (and its progress is followed) and the list shows it running.
      queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, kind, 'file'] });
      queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, kind, 'list'] });
    },
  });
}

export function useDeleteImport(kind: ImportKind) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filename: string) => dataProvider.deleteImportFile(kind, filename),
    onSuccess: (_deleted, filename) => {
      queryClient.removeQueries({ queryKey: [IMPORTS_KEY, kind, 'file', filename] });
      queryClient.removeQueries({ queryKey: [IMPORTS_KEY, kind, 'progress', filename] });
      queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, kind, 'list'] });
    },
  });
}
