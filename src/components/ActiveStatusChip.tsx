import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

/** Active (filled, green) or anything else (outlined), in the words of `<prefix>.status.<status>`. */
export function ActiveStatusChip({ status, prefix }: { status: string; prefix: string }) {
  const translate = useTranslate();
  const active = status === 'active';
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(`${prefix}.status.${status}`)}
    />
  );
}
