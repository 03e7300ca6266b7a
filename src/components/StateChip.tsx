import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

/**
 * A small chip naming where something stands, in the words of `label` (an i18n key), coloured by
 * it; outlined for the states that ask for no attention, so the live ones stand out.
 */
export function StateChip({
  label,
  args,
  color,
  outlined,
  icon,
  sx,
}: {
  label: string;
  /** What the words say of it (a count). */
  args?: Record<string, unknown>;
  color: ChipProps['color'];
  outlined?: boolean;
  icon?: ChipProps['icon'];
  sx?: ChipProps['sx'];
}) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={color}
      variant={outlined ? 'outlined' : 'filled'}
      label={translate(label, args)}
      icon={icon}
      sx={sx}
    />
  );
}
