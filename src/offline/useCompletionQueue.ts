import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSessionUser } from '../hooks/useSession';
import { MY_TASKS_KEY } from '../providers/dataProvider/mytasks';
import { ownerOf } from './owner';
import { onQueueChange, type QueuedCompletion, queuedOf } from './queueStore';

/** The signed-in person's queued completions, kept up to date; a change refreshes My Tasks. */
export function useCompletionQueue(): QueuedCompletion[] {
  const user = useSessionUser();
  const owner = user ? ownerOf(user) : undefined;
  const queryClient = useQueryClient();
  const [items, setItems] = useState<QueuedCompletion[]>([]);
  useEffect(() => {
    if (!owner || typeof indexedDB === 'undefined') return;
    let live = true;
    const load = () =>
      queuedOf(owner)
        .then((next) => {
          if (live) setItems(next);
        })
        .catch(() => undefined);
    load();
    const stop = onQueueChange(() => {
      load();
      void queryClient.invalidateQueries({ queryKey: [MY_TASKS_KEY] });
    });
    return () => {
      live = false;
      stop();
    };
  }, [owner, queryClient]);
  return items;
}
