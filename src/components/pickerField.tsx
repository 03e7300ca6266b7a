import type { SxProps, Theme } from '@mui/material/styles';
import { pickersInputBaseClasses } from '@mui/x-date-pickers/PickersTextField';
import { type ReactNode, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';

/**
 * What the date field and the time field (DayField, TimeOfDayField) share: their props, the way
 * between the string the form holds and the Date the picker edits, and react-admin's binding.
 */

export interface PickerFieldProps {
  label: ReactNode;
  /** The form's string: YYYY-MM-DD for a day, HH:mm for a time, '' for none. */
  value: string;
  /** The new string: '' when the field is emptied or holds an unfinished entry. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  /** The form's error; the field marks an unfinished entry itself. */
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  /** A button that empties the field (for optional values). */
  clearable?: boolean;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * The caller's sx, with the field as wide as its text at least: MUI X gives the sections a fixed
 * width (a native input's 182px), too wide for a row of fields; sized by their text, a row wraps
 * rather than clip "27/11/2026" or "5:00 PM".
 */
export function fieldSx(sx: SxProps<Theme> | undefined): SxProps<Theme> {
  return [
    {
      minWidth: 'min-content',
      [`& .${pickersInputBaseClasses.sectionsContainer}`]: { width: 'auto', minWidth: 'min-content' },
    },
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
}

interface Held {
  date: Date | null;
  /** The form's value when the date was set. */
  base: string;
  /** The string the date was reported as. */
  reported: string;
}

/**
 * The Date a picker shows for the form's string. An entry the picker does not accept yet (a
 * cleared section, 31/02, the year 0002 on the way to 2024) is reported as ''. The picker's own
 * Date is kept while the form holds what it was given or still its earlier value (a filter may
 * ignore ''), so an entry being typed stays on screen; any other value replaces it.
 */
export function usePickerValue(
  value: string,
  toDate: (value: string) => Date | null,
  toValue: (date: Date | null) => string,
  onChange: (value: string) => void,
): [Date | null, (date: Date | null, context: { validationError: unknown }) => void] {
  const [held, setHeld] = useState<Held>(() => ({ date: toDate(value), base: value, reported: value }));
  let current = held;
  if (value !== held.base && value !== held.reported) {
    current = { date: toDate(value), base: value, reported: value };
    setHeld(current);
  }
  const change = (date: Date | null, { validationError }: { validationError: unknown }) => {
    const next = validationError === null ? toValue(date) : '';
    setHeld({ date, base: value, reported: next });
    if (next !== value) onChange(next);
  };
  return [current.date, change];
}

export interface PickerInputProps {
  source: string;
  label: string;
  validate?: Validator | Validator[];
  helperText?: string;
  /** Record value → the field's string (react-admin's format). */
  format?: (value: unknown) => string;
  /** The field's string → record value (react-admin's parse). */
  parse?: (value: string) => unknown;
  clearable?: boolean;
  sx?: SxProps<Theme>;
}

/** A picker field bound to a react-admin form input, labelled and validated as TextInput is. */
export function usePickerInput({
  source,
  label,
  validate,
  helperText,
  format,
  parse,
  clearable,
  sx,
}: PickerInputProps): PickerFieldProps {
  const { field, fieldState, isRequired } = useInput({ source, validate, format, parse });
  return {
    name: field.name,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    label: <FieldTitle label={label} source={source} isRequired={isRequired} />,
    error: fieldState.invalid,
    helperText: <InputHelperText error={fieldState.error?.message} helperText={helperText} />,
    margin: 'normal',
    fullWidth: true,
    clearable,
    sx,
  };
}
