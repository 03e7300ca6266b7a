import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

/** A number the author may leave empty (undefined), labelled by a message key. */
export function OptionalNumber({
  label,
  value,
  onChange,
  min,
  max,
  integer,
  sx,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  integer?: boolean;
  sx?: TextFieldProps['sx'];
}) {
  const translate = useTranslate();
  return (
    <TextField
      type="number"
      size="small"
      label={translate(label)}
      value={value ?? ''}
      onChange={(event) => {
        const text = event.target.value;
        const n = Number(text);
        onChange(text === '' || !Number.isFinite(n) ? undefined : n);
      }}
      slotProps={{ htmlInput: { min, max, step: integer ? 1 : 'any' } }}
      sx={{ width: { xs: '100%', sm: 160 }, ...sx }}
    />
  );
}
