import { SearchInput, SelectInput, useTranslate } from 'react-admin';
import { TASK_STATUSES } from '../../../contract/api/tasks';
import { useSessionUser } from '../../hooks/useSession';
import { useTaskDepartments, useTaskTypes } from './useTaskLookups';

interface FilterProps {
  source: string;
  alwaysOn?: boolean;
}

const STATUS_CHOICES = TASK_STATUSES.map((status) => ({ id: status, name: `tasks.status.${status}` }));

function TaskSearch(props: FilterProps) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('tasks.search')} />;
}

function TypeFilter(props: FilterProps) {
  const { types, isPending } = useTaskTypes();
  return (
    <SelectInput
      {...props}
      label="tasks.fields.type"
      choices={types}
      isPending={isPending}
      sx={{ minWidth: 150 }}
    />
  );
}

function DepartmentFilter(props: FilterProps) {
  const { departments, isPending } = useTaskDepartments();
  return (
    <SelectInput
      {...props}
      label="tasks.fields.department"
      choices={departments}
      isPending={isPending}
      sx={{ minWidth: 170 }}
    />
  );
}

/**
 * The list query's `author` is a user id. Picking any person would need user.read, which authors
 * of tasks often lack; "created by me" is the question they ask, so that is the choice offered.
 */
function AuthorFilter(props: FilterProps) {
  const me = useSessionUser();
  const translate = useTranslate();
  const choices = me ? [{ id: me.id, name: translate('tasks.filters.mine') }] : [];
  return <SelectInput {...props} label="tasks.fields.author" choices={choices} sx={{ minWidth: 150 }} />;
}

/** GET /api/admin/task/list filters, named as the query names them. */
export const taskFilters = [
  <TaskSearch key="search_key" source="search_key" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="tasks.fields.status"
    choices={STATUS_CHOICES}
    alwaysOn
    sx={{ minWidth: 140 }}
  />,
  <TypeFilter key="type_id" source="type_id" alwaysOn />,
  <DepartmentFilter key="department_id" source="department_id" />,
  <AuthorFilter key="author" source="author" />,
];
