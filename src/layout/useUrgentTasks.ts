import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { hasModuleAccess } from '../providers/accessControl';
import type { AppDataProvider } from '../providers/dataProvider';
import type { SessionUser } from '../providers/sessionUser';
import { openUrgent, URGENT_TASKS_KEY, type UrgentTask } from './urgentTasks';

export interface UrgentTasksState {
  open: boolean;
  tasks: UrgentTask[];
  close: () => void;
}

/**
 * Loads the user's urgent tasks once per sign-in and position (GET /api/user/task/urgent) and opens
 * the modal when any has status false. It opens once per position: a refetch after completing one
 * (My Tasks invalidates the query) only closes it when none is left, it never pops up again over
 * the task being worked on. A failure is only logged (spec §8): the modal is a reminder.
 */
export function useUrgentTasks(user: SessionUser | undefined): UrgentTasksState {
  const dataProvider = useDataProvider<AppDataProvider>();
  const enabled = Boolean(user && !user.isAdminTenant && hasModuleAccess(user, 'mytasks', ['read']));
  const sessionKey = `${user?.id}:${user?.positionId}`;
  const { data, error } = useQuery({
    queryKey: [URGENT_TASKS_KEY, user?.id, user?.positionId],
    queryFn: async () => (await dataProvider.getUrgentTasks()).data,
    enabled,
    // A reminder, not a live view: refetched only when a completion invalidates it.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const tasks = enabled && data ? openUrgent(data) : [];
  const loaded = enabled && data !== undefined;
  const [open, setOpen] = useState(false);
  const [shownFor, setShownFor] = useState<string>();

  useEffect(() => {
    if (!loaded || shownFor === sessionKey) return;
    setShownFor(sessionKey);
    setOpen(tasks.length > 0);
  }, [loaded, shownFor, sessionKey, tasks.length]);
  useEffect(() => {
    if (tasks.length === 0) setOpen(false);
  }, [tasks.length]);
  useEffect(() => {
    if (error) console.warn('Could not load urgent tasks', error);
  }, [error]);

  const close = useCallback(() => setOpen(false), []);
  return { open, tasks, close };
}
