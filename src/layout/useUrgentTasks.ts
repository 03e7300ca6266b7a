import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { hasModuleAccess } from '../providers/accessControl';
import type { AppDataProvider } from '../providers/dataProvider';
import { urgentLater } from '../providers/urgentLater';
import type { SessionUser } from '../session/sessionUser';
import { openUrgent, URGENT_TASKS_KEY, type UrgentTask } from './urgentTasks';

export interface UrgentTasksState {
  open: boolean;
  tasks: UrgentTask[];
  /** "Later": closed for the rest of the sign-in session. */
  close: () => void;
  /** Closed to work on one of them: it may remind again on the next page load. */
  hide: () => void;
}

/**
 * Loads the user's urgent tasks once per sign-in and position (GET /api/user/task/urgent) and opens
 * the modal when any has status false, whoever the person is (spec §4: the count decides). The
 * server answers a position's own urgent work, a store's; head-office and area people get none and
 * see their tree's urgent work on the dashboard. It opens once per position: a refetch after completing one
 * (My Tasks invalidates the query) only closes it when none is left, it never pops up again over
 * the task being worked on, and after "Later" not again in this sign-in session. A failure is only
 * logged (spec §8): the modal is a reminder.
 */
export function useUrgentTasks(user: SessionUser | undefined): UrgentTasksState {
  const dataProvider = useDataProvider<AppDataProvider>();
  const enabled = Boolean(
    user && !user.isAdminTenant && hasModuleAccess(user, 'mytasks', ['read', 'complete']),
  );
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
    setOpen(tasks.length > 0 && !urgentLater.said(sessionKey));
  }, [loaded, shownFor, sessionKey, tasks.length]);
  useEffect(() => {
    if (tasks.length === 0) setOpen(false);
  }, [tasks.length]);
  useEffect(() => {
    if (error) console.warn('Could not load urgent tasks', error);
  }, [error]);

  const close = useCallback(() => {
    urgentLater.say(sessionKey);
    setOpen(false);
  }, [sessionKey]);
  const hide = useCallback(() => setOpen(false), []);
  return { open, tasks, close, hide };
}
