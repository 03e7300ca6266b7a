import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Datagrid,
  FilterButton,
  FunctionField,
  type Identifier,
  SimpleList,
  TextField,
  useTranslate,
} from 'react-admin';
import type { ActionRow } from '../../../contract/api/actions';
import { AdminList } from '../../components/AdminList';
import type { PageProps } from '../../routing/types';
import { ActionAssignee } from './ActionAssignee';
import { ActionStatusChips, DueDate, EscalatedMark, PriorityChip } from './ActionChips';
import { ActionExportButtons } from './ActionExportButtons';
import { ActionQuickFilters } from './ActionQuickFilters';
import { actionFilters } from './actionFilters';
import { ACTION_PATHS } from './actionPaths';

// Unresolved first: what still needs doing, soonest due first.
const FILTER_DEFAULTS = { state: 'unresolved' };
const SORT = { field: 'due_date', order: 'ASC' } as const;

const rowClick = (id: Identifier) => ACTION_PATHS.detail(id);

function NoneMatch() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {translate('actions.empty')}
    </Alert>
  );
}

/** A phone's row: the title, then the store and the due date, its chips on the right. */
function PhoneRows() {
  return (
    <SimpleList
      rowClick={rowClick}
      empty={<NoneMatch />}
      primaryText={(record) => (record as ActionRow).title}
      secondaryText={(record) => <PhoneLines r={record as ActionRow} />}
      tertiaryText={(record) => <ActionStatusChips record={record as ActionRow} />}
    />
  );
}

function PhoneLines({ r }: { r: ActionRow }) {
  return (
    <Stack component="span" spacing={0.5} sx={{ display: 'flex', mt: 0.5 }}>
      <Typography component="span" variant="body2">
        {r.store.name}
      </Typography>
      <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <DueDate record={r} />
        <EscalatedMark at={r.escalated_at} />
      </Stack>
    </Stack>
  );
}

function TableRows() {
  return (
    <Datagrid rowClick={rowClick} bulkActionButtons={false} empty={<NoneMatch />}>
      <TextField source="title" label="actions.fields.title" sortable={false} />
      <TextField source="store.name" label="actions.fields.store" sortable={false} />
      <FunctionField<ActionRow>
        source="priority"
        label="actions.fields.priority"
        render={(r) => <PriorityChip priority={r.priority} />}
      />
      <FunctionField<ActionRow>
        source="status"
        label="actions.fields.status"
        sortable={false}
        render={(r) => <ActionStatusChips record={r} />}
      />
      <FunctionField<ActionRow>
        source="due_date"
        label="actions.fields.due_date"
        render={(r) => <DueDate record={r} />}
      />
      <FunctionField<ActionRow>
        source="assignee"
        label="actions.fields.assignee"
        sortable={false}
        render={(r) => <ActionAssignee assignee={r.assignee} />}
      />
      <FunctionField<ActionRow>
        source="escalated_at"
        label="actions.fields.escalated"
        sortable={false}
        render={(r) => <EscalatedMark at={r.escalated_at} />}
      />
    </Datagrid>
  );
}

/**
 * /task/action: the actions of the caller's part of the tree, by quick filter (theirs, unresolved,
 * overdue, to close, closed, all) and the filters, as a table or, on a phone, a list; as CSV or
 * XLSX; New action for those who may create them.
 */
export default function ActionList({ title }: PageProps) {
  return (
    <AdminList
      title={title}
      createPath={ACTION_PATHS.create}
      icon={ReportProblemIcon}
      filters={actionFilters}
      filterDefaultValues={FILTER_DEFAULTS}
      sort={SORT}
      storeKey="task-actions"
      toolbar={
        <>
          <FilterButton />
          <ActionExportButtons />
        </>
      }
      mobile={
        <>
          <ActionQuickFilters />
          <PhoneRows />
        </>
      }
      desktop={
        <>
          <ActionQuickFilters />
          <TableRows />
        </>
      }
    />
  );
}
