import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';

/**
 * A user's positions as "Role · Place"; those outside the caller's part are outlined and dimmed.
 * `chipWidth` caps each chip (the full text stays in its tooltip) where the table is narrow.
 */
export function PositionChips({ chipWidth }: { chipWidth?: number }) {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.assigns.map((a) => (
        <Chip
          key={a.id}
          size="small"
          variant={a.in_scope ? 'filled' : 'outlined'}
          label={`${a.role_name} · ${a.node_name}`}
          title={
            a.in_scope
              ? chipWidth
                ? `${a.role_name} · ${a.node_name}`
                : undefined
              : translate('users.positions.outside')
          }
          sx={{ opacity: a.in_scope ? 1 : 0.7, maxWidth: chipWidth ?? '100%' }}
        />
      ))}
    </Stack>
  );
}
