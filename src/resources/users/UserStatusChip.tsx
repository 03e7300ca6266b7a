import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';

/** Active or disabled, and whether the person still has to choose a password. */
export function UserStatusChip() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={record.status === 'active' ? 'success' : 'default'}
        variant={record.status === 'active' ? 'outlined' : 'filled'}
        label={translate(`users.status.${record.status}`)}
      />
      {record.force_reset && record.status === 'active' && (
        <Chip size="small" color="warning" variant="outlined" label={translate('users.status.force_reset')} />
      )}
    </Stack>
  );
}
