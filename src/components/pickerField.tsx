import type { SxProps, Theme } from '@mui/material/styles';
import { pickersInputBaseClasses } from '@mui/x-date-pickers/PickersTextField';
import { type ReactNode, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { useZonedTime } from '../hooks/useZonedTime';

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
function fieldSx(sx: SxProps<Theme> | undefined): SxProps<Theme> {
  return [
    {
      minWidth: 'min-content',
      [`& .${pickersInputBaseClasses.sectionsContainer}`]: { width: 'auto', minWidth: 'min-content' },
    },
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
}

/**
 * The text field slot of either picker: the form's state around it, and `problem`, the picker's
 * own word on an entry it cannot take, in place of the helper text while it stands.
 */
function pickerTextField(
  { required, error, helperText, onBlur, size, margin = 'none', fullWidth = false, sx }: PickerFieldProps,
  problem: string | null,
) {
  return {
    required,
    // The field's own red for an unfinished entry stays unless the form has an error.
    error: error || undefined,
    helperText: problem ?? helperText,
    onBlur,
    size,
    margin,
    fullWidth,
    sx: fieldSx(sx),
  };
}

interface Held {
  /** The Date the picker shows: the person's entry, whole or not. */
  date: Date | null;
  /** The form's value at the last render. */
  given: string;
  /**
   * What the field reported that the form has not come back with yet, oldest first. A form
   * whose value lags (a filter kept in the address renders each navigation in turn, later than
   * the keystrokes that made them) comes back with these one after another.
   */
  sent: string[];
  /** The string the field stands for now: its last report, or the form's value it was given. */
  last: string;
}

/**
 * The Date a picker shows for the form's string. An entry the picker does not accept yet (a
 * cleared section, 31/02, the year 0002 on the way to 2024) is reported as ''. The form's value
 * replaces the picker's own Date only when it changes to something the field did not report: a
 * value coming back late (one of the field's own reports, however far behind the keystrokes) keeps
 * the entry being typed on screen, and a form that ignores a report ('' in a filter) keeps it too.
 * A change is reported when it differs from the field's last report, not from the form's value,
 * which may still be an older one.
 */
function usePickerValue(
  value: string,
  toDate: (value: string) => Date | null,
  toValue: (date: Date | null) => string,
  onChange: (value: string) => void,
): [Date | null, (date: Date | null, context: { validationError: unknown }) => void] {
  const [held, setHeld] = useState<Held>(() => ({
    date: toDate(value),
    given: value,
    sent: [],
    last: value,
  }));
  let current = held;
  if (value !== held.given) {
    const echo = held.sent.indexOf(value);
    current =
      echo >= 0
        ? { ...held, given: value, sent: held.sent.slice(echo + 1) }
        : { date: toDate(value), given: value, sent: [], last: value };
    setHeld(current);
  }
  const change = (date: Date | null, { validationError }: { validationError: unknown }) => {
    const next = validationError === null ? toValue(date) : '';
    if (next === current.last) {
      setHeld({ ...current, date });
      return;
    }
    setHeld({ ...current, date, sent: [...current.sent, next], last: next });
    onChange(next);
  };
  return [current.date, change];
}

/**
 * What either picker needs of the field's props and the session: the session's date pattern, the
 * picker's own props (its Date, kept in step with the form's string by usePickerValue) and its text
 * field slot. `problemOf` names, as an i18n key, what is wrong with an entry the picker refuses.
 */
export function usePickerField<Reason>(
  props: PickerFieldProps,
  toDate: (value: string) => Date | null,
  toValue: (date: Date | null) => string,
  problemOf: (reason: Reason) => string | null,
) {
  const { label, value, onChange, name, disabled } = props;
  const translate = useTranslate();
  const { pattern } = useZonedTime();
  const [date, change] = usePickerValue(value, toDate, toValue, onChange);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    pattern,
    picker: {
      label,
      value: date,
      onChange: change,
      onError: (reason: Reason) => setProblem(problemOf(reason)),
      name,
      disabled,
    },
    textField: pickerTextField(props, problem && translate(problem)),
  };
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
