import { useCallback, useEffect, useState } from 'react';
import { hasModuleAccess } from '../providers/accessControl';
import { apiFetch } from '../providers/httpClient';
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
  const [tasks, setTasks] = useState<UrgentTask[]>([]);
  const [open, setOpen] = useState(false);
  const enabled = Boolean(user && !user.isAdminTenant && hasModuleAccess(user, 'mytasks', ['read']));
  const zone = user?.timezone.timezone;
  const sessionKey = user ? `${user.id}:${user.positionId}` : undefined;

  useEffect(() => {
    if (!enabled || !sessionKey) return;
    let active = true;
    apiFetch<unknown>('/api/user/task/urgent', {
      query: { datetime: Math.floor(Date.now() / 1000), timezone: zone },
      handleAuthErrors: false,
    })
      .then((data) => {
        if (!active) return;
        const list = parseUrgentTasks(data).filter((t) => t.status === false);
        setTasks(list);
        setOpen(countOpenUrgent(list) > 0);
      })
      .catch((error: unknown) => {
        console.warn('Could not load urgent tasks', error);
      });
    return () => {
      active = false;
    };
  }, [enabled, sessionKey, zone]);

  const close = useCallback(() => setOpen(false), []);
  return { open, count: countOpenUrgent(tasks), tasks, close };
}
