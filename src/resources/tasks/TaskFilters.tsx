import { SearchInput, SelectInput, useTranslate } from 'react-admin';
import { TASK_STATUSES } from '../../../contract/api/tasks';
import { useSessionUser } from '../../hooks/useSession';
import { useTaskLookup } from '../../hooks/useTaskLookups';

interface FilterProps {
  source: string;
  alwaysOn?: boolean;
}

const STATUS_CHOICES = TASK_STATUSES.map((status) => ({ id: status, name: `tasks.status.${status}` }));

function TaskSearch(props: FilterProps) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('tasks.search')} />;
}

/** The task type or department filter, labelled `tasks.fields.<lookup>`. */
function LookupFilter({ lookup, ...props }: FilterProps & { lookup: 'type' | 'department' }) {
  const { options, isPending } = useTaskLookup(lookup);
  return (
    <SelectInput
      {...props}
      label={`tasks.fields.${lookup}`}
      choices={options}
      isPending={isPending}
      sx={{ minWidth: lookup === 'type' ? 150 : 170 }}
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
  <LookupFilter key="type_id" lookup="type" source="type_id" alwaysOn />,
  <LookupFilter key="department_id" lookup="department" source="department_id" />,
  <AuthorFilter key="author" source="author" />,
];
