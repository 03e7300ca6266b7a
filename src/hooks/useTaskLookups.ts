import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Department } from '../../contract/api/departments';
import type { TaskType } from '../../contract/api/tasks';
import type { AppDataProvider } from '../providers/dataProvider';

const loadTypes = (dataProvider: AppDataProvider) => dataProvider.getTaskTypes();
const loadDepartments = (dataProvider: AppDataProvider) => dataProvider.getTaskDepartments();

/** One of the tenant's lists every task screen shares (they rarely change: cached for a minute). */
function useLookupList<T>(
  key: 'types' | 'departments',
  load: (dataProvider: AppDataProvider) => Promise<T[]>,
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['tasks', key],
    queryFn: () => load(dataProvider),
    staleTime: 60_000,
  });
  return { list: data ?? [], isPending };
}

/** The tenant's task types. */
export function useTaskTypes(): { types: TaskType[]; isPending: boolean } {
  const { list, isPending } = useLookupList('types', loadTypes);
  return { types: list, isPending };
}

/** The tenant's departments, for the task filters and form. */
export function useTaskDepartments(): { departments: Department[]; isPending: boolean } {
  const { list, isPending } = useLookupList('departments', loadDepartments);
  return { departments: list, isPending };
}

/** Task types or departments, as a filter offers them. */
export function useTaskLookup(lookup: 'type' | 'department') {
  const { list, isPending } = useLookupList<{ id: number; name: string }>(
    lookup === 'type' ? 'types' : 'departments',
    lookup === 'type' ? loadTypes : loadDepartments,
  );
  return { options: list, isPending };
}
