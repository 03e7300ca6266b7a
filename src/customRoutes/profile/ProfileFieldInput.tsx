import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { ProfileFormField } from '../../../contract/api/profile';
import { DayField } from '../../components/DayField';
import { browserTimeZone, timeZoneNames } from '../../session/timezone';

interface ProfileFieldInputProps {
  field: ProfileFormField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/** One tenant-defined profile field, with the input its type calls for. */
export function ProfileFieldInput({ field, value, onChange, error, disabled }: ProfileFieldInputProps) {
  const translate = useTranslate();
  const zones = useMemo(() => (field.type === 'timezone' ? timeZoneNames() : []), [field.type]);
  const common = {
    label: field.name,
    required: field.required,
    error: Boolean(error),
    disabled,
    fullWidth: true,
    size: 'small' as const,
  };
  switch (field.type) {
    case 'timezone':
      return (
        <Autocomplete
          options={zones}
          value={value || null}
          onChange={(_, zone) => onChange(zone ?? '')}
          disabled={disabled}
          renderInput={(params) => (
            <TextField
              {...params}
              {...common}
              helperText={error ?? translate('profile.helpers.timezone', { zone: browserTimeZone() })}
            />
          )}
        />
      );
    case 'select':
      return (
        <TextField
          {...common}
          select
          value={value}
          onChange={(e) => onChange(e.target.value)}
          helperText={error}
        >
          {!field.required && (
            <MenuItem value="">
              <em>{translate('ra.action.clear_input_value')}</em>
            </MenuItem>
          )}
          {field.options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'date':
      return (
        <DayField
          {...common}
          margin="normal"
          clearable={!field.required}
          value={value}
          onChange={onChange}
          helperText={error}
        />
      );
    case 'number':
      return (
        <TextField
          {...common}
          type="number"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          helperText={error}
          slotProps={{ htmlInput: { step: 'any' } }}
        />
      );
    default:
      return (
        <TextField
          {...common}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      );
  }
}
