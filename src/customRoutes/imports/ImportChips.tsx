import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { ImportRowAction, ImportRunState, ImportState } from '../../../contract/api/imports';

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
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={FILE_COLOURS[state]}
      variant={state === 'checked' || state === 'uploaded' ? 'outlined' : 'filled'}
      label={translate(`imports.states.${state}`)}
    />
  );
}

export function RunStateChip({ state }: { state: ImportRunState }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={RUN_COLOURS[state]}
      variant="outlined"
      label={translate(`imports.run_states.${state}`)}
    />
  );
}

/** What a run would do with a row of the file. */
export function ActionChip({ action }: { action: ImportRowAction }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={ACTION_COLOURS[action]}
      variant={action === 'unchanged' ? 'outlined' : 'filled'}
      label={translate(`imports.actions.${action}`)}
      sx={{ minWidth: 76 }}
    />
  );
}
