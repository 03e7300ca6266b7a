import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useZonedTime } from '../hooks/useZonedTime';
import { dateToDay, dayFormat, dayToDate } from '../providers/pickerFormat';
import {
  fieldSx,
  type PickerFieldProps,
  type PickerInputProps,
  usePickerInput,
  usePickerValue,
} from './pickerField';

/**
 * A calendar day (YYYY-MM-DD, as the forms and the API hold it), typed or picked in the session's
 * pattern of spec §3: DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD. Day, month and year are sections of
 * the field, each a spin button a keyboard can type into or step with the arrows.
 */
export function DayField({
  label,
  value,
  onChange,
  onBlur,
  name,
  required,
  error,
  helperText,
  disabled,
  clearable,
  size,
  margin = 'none',
  fullWidth = false,
  sx,
}: PickerFieldProps) {
  const translate = useTranslate();
  const { pattern } = useZonedTime();
  const [date, change] = usePickerValue(value, dayToDate, dateToDay, onChange);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <DatePicker
      label={label}
      value={date}
      onChange={change}
      onError={(reason) =>
        setProblem(
          reason === null ? null : reason === 'invalidDate' ? 'dates.invalid_day' : 'dates.out_of_range',
        )
      }
      format={dayFormat(pattern)}
      name={name}
      disabled={disabled}
      slotProps={{
        field: { clearable },
        textField: {
          required,
          // The field's own red for an unfinished entry stays unless the form has an error.
          error: error || undefined,
          helperText: problem ? translate(problem) : helperText,
          onBlur,
          size,
          margin,
          fullWidth,
          sx: fieldSx(sx),
        },
      }}
    />
  );
}

/** DayField as a react-admin form input, labelled and validated as TextInput is. */
export function DayInput(props: PickerInputProps) {
  return <DayField {...usePickerInput(props)} />;
}
