import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { useTaskLookup } from '../hooks/useTaskLookups';

/** A filter on the tenant's task types or departments, with "Any" for no filter. */
export function TaskLookupSelect({
  lookup,
  value,
  onChange,
  sx,
}: {
  lookup: 'type' | 'department';
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  const { options } = useTaskLookup(lookup);
  return (
    <TextField
      select
      fullWidth={false}
      margin="none"
      size="small"
      label={translate(`audit.filters.${lookup}`)}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      sx={sx ?? { width: lookup === 'type' ? 150 : 170 }}
    >
      <MenuItem value="">{translate('audit.filters.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
