import type { ChipProps } from '@mui/material/Chip';
import type { ImportRowAction, ImportRunState, ImportState } from '../../../contract/api/imports';
import { StateChip } from '../../components/StateChip';

type Colour = ChipProps['color'];

const FILE_COLOURS: Record<ImportState, Colour> = {
  uploaded: 'default',
  checked: 'info',
  running: 'warning',
  imported: 'success',
  failed: 'error',
};

const RUN_COLOURS: Record<ImportRunState, Colour> = {
  queued: 'default',
  running: 'warning',
  imported: 'success',
  failed: 'error',
};

const ACTION_COLOURS: Record<ImportRowAction, Colour> = {
  create: 'success',
  update: 'info',
  unchanged: 'default',
  error: 'error',
};

/** Where a file stands: checked, being imported, imported or not. */
export function FileStateChip({ state }: { state: ImportState }) {
  return (
    <StateChip
      label={`imports.states.${state}`}
      color={FILE_COLOURS[state]}
      outlined={state === 'checked' || state === 'uploaded'}
    />
  );
}

export const RunStateChip = ({ state }: { state: ImportRunState }) => (
  <StateChip label={`imports.run_states.${state}`} color={RUN_COLOURS[state]} outlined />
);

/** What a run would do with a row of the file. */
export function ActionChip({ action }: { action: ImportRowAction }) {
  return (
    <StateChip
      label={`imports.actions.${action}`}
      color={ACTION_COLOURS[action]}
      outlined={action === 'unchanged'}
      sx={{ minWidth: 76 }}
    />
  );
}
