import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  FormDataConsumer,
  type RaRecord,
  required,
  SelectInput,
  SimpleFormIterator,
  useTranslate,
} from 'react-admin';
import type { Assign } from '../../../contract/api/users';
import { NodePickerInput } from '../../components/NodePicker';
import { AddPositionButton } from './AddPositionButton';
import { useRoleChoices } from './useRoleChoices';

/** A position of the form: the server's fields, or just node and role for a new one. */
type FormAssign = Partial<Assign> & { node_id?: number | null; role_id?: number | null };

const atLeastOne = (value: unknown) =>
  Array.isArray(value) && value.some((a: FormAssign) => a.in_scope !== false)
    ? undefined
    : 'users.validation.assigns';

/** Read-only line for a position outside the caller's part of the organisation: kept as it is. */
function OutsidePosition({ assign }: { assign: FormAssign }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 1 }} data-testid="position-outside">
      <Typography variant="body2">
        {assign.role_name} · {assign.node_name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('users.positions.outside')}
      </Typography>
    </Box>
  );
}

/**
 * The position editor (spec §3 `assigns`): one line per position, a place from the caller's part
 * of the hierarchy (spec §5 selection tree, workspaces included) and a role. A user needs at least
 * one. Positions outside the caller's scope are shown but not editable; the server keeps them.
 */
export function PositionsInput() {
  const translate = useTranslate();
  const { choices, isPending } = useRoleChoices();
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
        {translate('users.fields.assigns')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('users.positions.help')}
      </Typography>
      <ArrayInput source="assigns" label={false} validate={atLeastOne}>
        <SimpleFormIterator
          fullWidth
          disableReordering
          disableClear
          disableRemove={(record: RaRecord) => (record as FormAssign).in_scope === false}
          addButton={<AddPositionButton />}
          sx={{
            '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', py: 1 },
            // Remove buttons only appear on hover by default; a position editor shows them outright.
            '& .RaSimpleFormIterator-action': { visibility: 'visible' },
          }}
        >
          <FormDataConsumer>
            {({ scopedFormData }) =>
              (scopedFormData as FormAssign | undefined)?.in_scope === false ? (
                <OutsidePosition assign={scopedFormData as FormAssign} />
              ) : (
                <Box
                  sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', alignItems: 'flex-start' }}
                >
                  <Box sx={{ flex: '2 1 280px' }}>
                    <NodePickerInput
                      source="node_id"
                      label="users.positions.node"
                      validate={required()}
                      includeWorkspaces
                    />
                  </Box>
                  <SelectInput
                    source="role_id"
                    label="users.positions.role"
                    choices={choices}
                    isPending={isPending}
                    validate={required()}
                    // The same top margin as the place picker beside it, so the two line up.
                    margin="normal"
                    sx={{ flex: '1 1 220px', minWidth: 220 }}
                  />
                </Box>
              )
            }
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

/** What the API takes: in-scope positions only, with their ids so they are kept rather than replaced. */
export function assignsBody(assigns: FormAssign[] | undefined) {
  return (assigns ?? [])
    .filter((a) => a.in_scope !== false)
    .map((a) => ({ ...(a.id ? { id: a.id } : {}), node_id: Number(a.node_id), role_id: Number(a.role_id) }));
}
