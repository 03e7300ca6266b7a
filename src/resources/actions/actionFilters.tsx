import { SelectInput } from 'react-admin';
import { ACTION_PRIORITIES, ACTION_SOURCES, ACTION_STATUSES } from '../../../contract/api/actions';
import { searchOnly } from '../../components/AdminList';
import { DayInput } from '../../components/DayField';
import { NodePickerInput } from '../../components/NodePicker';
import { messageChoices } from '../../i18n/choices';

const select = (source: string, ids: readonly string[], alwaysOn?: true) => (
  <SelectInput
    key={source}
    source={source}
    label={`actions.fields.${source}`}
    choices={messageChoices(`actions.${source}`, ids)}
    emptyText="actions.filters.any"
    alwaysOn={alwaysOn}
    sx={{ minWidth: 150 }}
  />
);

/**
 * The list's filters besides the quick ones: words, status, priority, source, a store or an area
 * of the caller's part of the tree, and the due dates. Search and status stay shown; the others
 * are added from the list's filter button.
 */
export const actionFilters = [
  ...searchOnly('actions'),
  select('status', ACTION_STATUSES, true),
  select('priority', ACTION_PRIORITIES),
  select('source', ACTION_SOURCES),
  <NodePickerInput
    key="node_id"
    source="node_id"
    label="actions.fields.node"
    includeWorkspaces
    allowEmptyContainers
  />,
  <DayInput key="due_from" source="due_from" label="actions.fields.due_from" clearable />,
  <DayInput key="due_to" source="due_to" label="actions.fields.due_to" clearable />,
];
