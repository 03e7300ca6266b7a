import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { TaskStatus } from '../../../contract/api/tasks';

const COLOURS = { draft: 'default', published: 'success', archived: 'default' } as const;

/** Draft, published or archived; an archived task is outlined so live work stands out. */
export function TaskStatusChip({ status }: { status: TaskStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOURS[status]}
      variant={status === 'published' ? 'filled' : 'outlined'}
      label={translate(`tasks.status.${status}`)}
    />
  );
}
