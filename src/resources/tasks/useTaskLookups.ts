import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import type { TaskType } from '../../../contract/api/tasks';
import type { AppDataProvider } from '../../providers/dataProvider';

/** The tenant's task types, shared by every task screen (they rarely change: cached for a minute). */
export function useTaskTypes(): { types: TaskType[]; isPending: boolean } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['tasks', 'types'],
    queryFn: () => dataProvider.getTaskTypes(),
    staleTime: 60_000,
  });
  return { types: data ?? [], isPending };
}

/** The tenant's departments, for the task filters and form. */
export function useTaskDepartments(): { departments: Department[]; isPending: boolean } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['tasks', 'departments'],
    queryFn: () => dataProvider.getTaskDepartments(),
    staleTime: 60_000,
  });
  return { departments: data ?? [], isPending };
}
