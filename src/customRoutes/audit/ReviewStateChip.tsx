import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { ReviewState } from '../../../contract/api/audit';

const COLOURS = { waiting: 'warning', approved: 'success', rejected: 'error' } as const;

export function ReviewStateChip({ state }: { state: ReviewState }) {
  const translate = useTranslate();
  return (
    <Chip size="small" color={COLOURS[state]} variant="outlined" label={translate(`audit.status.${state}`)} />
  );
}
