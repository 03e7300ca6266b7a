import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { hasModuleAccess } from '../providers/accessControl';
import type { AppDataProvider } from '../providers/dataProvider';
import type { SessionUser } from '../providers/sessionUser';
import { countOpenUrgent, parseUrgentTasks, type UrgentTask } from './urgentTasks';

export interface UrgentTasksState {
  open: boolean;
  count: number;
  tasks: UrgentTask[];
  close: () => void;
}

/**
 * Loads the user's urgent tasks once per session and position (GET /api/user/task/urgent with the
 * time in unix seconds and the browser zone, spec §7) and opens the modal when any is still open.
 * A failure is only logged (spec §8): the modal is a reminder, never a blocker.
 */
export function useUrgentTasks(user: SessionUser | undefined): UrgentTasksState {
  const dataProvider = useDataProvider<AppDataProvider>();
  const enabled = Boolean(user && !user.isAdminTenant && hasModuleAccess(user, 'mytasks', ['read']));
  const zone = user?.timezone.timezone;
  const { data, error } = useQuery({
    queryKey: ['urgent-tasks', user?.id, user?.positionId, zone],
    queryFn: async () => parseUrgentTasks(await dataProvider.getUrgentTasks(zone)),
    enabled,
    // Once per session and position: the modal is a reminder, not a live view.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const tasks = (data ?? []).filter((t) => t.status === false);
  const [open, setOpen] = useState(false);
  const openCount = data ? countOpenUrgent(data) : 0;

  useEffect(() => {
    setOpen(openCount > 0);
  }, [openCount]);
  useEffect(() => {
    if (error) console.warn('Could not load urgent tasks', error);
  }, [error]);

  const close = useCallback(() => setOpen(false), []);
  return { open, count: countOpenUrgent(tasks), tasks, close };
}
