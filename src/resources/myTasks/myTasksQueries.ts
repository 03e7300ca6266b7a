import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { MyTaskCard, MyTaskCompleteBody, MyTaskGroups } from '../../../contract/api/mytasks';
import { useSessionUser } from '../../hooks/useSession';
import { URGENT_TASKS_KEY } from '../../layout/urgentTasks';
import type { CompletionRoute } from '../../offline/queueStore';
import { submitCompletion } from '../../offline/submitCompletion';
import type { AppDataProvider } from '../../providers/dataProvider';
import { MY_TASKS_KEY } from '../../providers/dataProvider/mytasks';
import { statusOf } from '../../providers/httpClient';

export function usePositionKey() {
  const user = useSessionUser();
  return [MY_TASKS_KEY, user?.positionId ?? null] as const;
}

/** One assignment's details: the drawer's query, which the day's list also fetches ahead (usePrefetchDay). */
export const detailQuery = (
  dataProvider: AppDataProvider,
  base: ReturnType<typeof usePositionKey>,
  assignmentId: number | undefined,
) => ({
  queryKey: [...base, 'detail', assignmentId ?? null],
  queryFn: () => dataProvider.getMyTask({ assignment_id: assignmentId }),
});

export function useDayTasks(day: string, department: number | undefined, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [...usePositionKey(), 'day', day, department ?? null],
    queryFn: () => dataProvider.getMyTasksForDay(day, department),
    enabled,
  });
}

/** One day query per day of the week; each is the same query the day view uses, so both share a cache. */
export function useWeekTasks(days: readonly string[], department: number | undefined, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const base = usePositionKey();
  return useQueries({
    queries: days.map((day) => ({
      queryKey: [...base, 'day', day, department ?? null],
      queryFn: () => dataProvider.getMyTasksForDay(day, department),
      enabled,
    })),
  });
}

export function useSearchTasks(search: string, department: number | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const key = search.trim();
  return useQuery({
    queryKey: [...usePositionKey(), 'search', key, department ?? null],
    queryFn: () => dataProvider.searchMyTasks(key, department),
    enabled: key.length > 0,
  });
}

export function useTaskDetail(assignmentId: number | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    ...detailQuery(dataProvider, usePositionKey(), assignmentId),
    enabled: assignmentId !== undefined,
    retry: false,
  });
}

/**
 * Puts the completed assignment's new state into every list that holds it, so its card moves at
 * once. The open drawer's detail is left to the refetch: the form must stay mounted until its own
 * success callback has run.
 */
function replaceCard(queryClient: QueryClient, card: MyTaskCard) {
  queryClient.setQueriesData<MyTaskGroups>({ queryKey: [MY_TASKS_KEY] }, (groups) => {
    if (!groups || !Array.isArray(groups.data)) return groups;
    return {
      data: groups.data.map((group) => ({
        ...group,
        tasks: group.tasks.map((t) => (t.assignment_id === card.assignment_id ? card : t)),
      })),
    };
  });
}

export type { CompletionRoute };

/** A completion as the form sends it: the body, and the client_id made when the form opened. */
export interface CompletionSend {
  body: Omit<MyTaskCompleteBody, 'client_id'>;
  clientId: string;
}

/**
 * POST /api/user/task/complete (or the compliance grid's) by submitCompletion. On success the card is replaced in place, then the lists and the
 * urgent-tasks query are refetched: a completed urgent task must not bring the modal back.
 */
export function useCompleteTask(via: CompletionRoute = 'mytasks') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, clientId }: CompletionSend) => submitCompletion(via, body, clientId),
    onSuccess: (card) => {
      replaceCard(queryClient, card);
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: [MY_TASKS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [URGENT_TASKS_KEY] }),
      ]);
    },
    // 409: someone else completed it, or it expired or was withdrawn; show it as it now stands.
    onError: (error) => {
      if (statusOf(error) === 409) void queryClient.invalidateQueries({ queryKey: [MY_TASKS_KEY] });
    },
  });
}
