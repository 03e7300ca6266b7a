import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import type { MyTaskDetail, MyTaskGroups } from '../../../contract/api/mytasks';
import { photoQuery, previewable } from '../../components/EvidencePhoto';
import { keepsAnswers, keptForOffline } from '../../offline/offlineFiles';
import type { AppDataProvider } from '../../providers/dataProvider';
import { detailQuery, usePositionKey } from './myTasksQueries';

/** A store's day; a day list longer than this (someone over many stores) is not fetched ahead. */
const MOST_FETCHED_AHEAD = 60;
/** Details fetched ahead count as fresh this long, so a list refetched meanwhile asks them not again. */
const FRESH_MS = 60_000;

/** Files already fetched this page's life, per position (they are kept under the position's key). */
const fetchedFiles = new Set<string>();

async function fetchFiles(
  dataProvider: AppDataProvider,
  queryClient: QueryClient,
  detail: MyTaskDetail,
  position: string,
) {
  for (const file of detail.task.attachments) {
    const key = `${position}:${file.hash}`;
    if (fetchedFiles.has(key)) continue;
    fetchedFiles.add(key);
    if (file.kind === 'photo' && previewable(file.mime))
      await queryClient.prefetchQuery(photoQuery(dataProvider, file.hash, 'thumbnail'));
    // Through the drawer's own download call, so the kept copy answers its very request.
    if (keptForOffline(file)) await dataProvider.downloadTaskFile(file).catch(() => fetchedFiles.delete(key));
  }
}

/**
 * The day's tasks onto the phone as soon as the day's list is (issue 44): each task's details
 * (instructions, checklist, evidence rules) and its reference files up to OFFLINE_FILE_LIMIT,
 * through the same calls the drawer makes, so the service worker keeps them for the person and a
 * task never opened online opens and completes with no signal. One at a time, behind the list.
 */
export function usePrefetchDay(groups: MyTaskGroups | undefined): void {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [scope, positionId] = usePositionKey();
  useEffect(() => {
    const position = String(positionId);
    if (!groups || !keepsAnswers() || !navigator.onLine) return;
    const ids = groups.data.flatMap((group) => group.tasks.map((card) => card.assignment_id));
    if (ids.length > MOST_FETCHED_AHEAD) return;
    let stopped = false;
    void (async () => {
      for (const id of ids) {
        if (stopped || !navigator.onLine) return;
        const detail = await queryClient
          .fetchQuery({ ...detailQuery(dataProvider, [scope, positionId], id), staleTime: FRESH_MS })
          .catch(() => undefined);
        if (detail) await fetchFiles(dataProvider, queryClient, detail, position);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [groups, dataProvider, queryClient, scope, positionId]);
}
