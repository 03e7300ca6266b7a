import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useZonedTime } from '../hooks/useZonedTime';
import { dateToDay, dayFormat, dayToDate } from '../providers/pickerFormat';
import {
  type PickerFieldProps,
  type PickerInputProps,
  pickerTextField,
  usePickerInput,
  usePickerValue,
} from './pickerField';

/**
 * A calendar day (YYYY-MM-DD, as the forms and the API hold it), typed or picked in the session's
 * pattern of spec §3: DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD. Day, month and year are sections of
 * the field, each a spin button a keyboard can type into or step with the arrows.
 */
export function DayField(props: PickerFieldProps) {
  const { label, value, onChange, name, disabled, clearable } = props;
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
        textField: pickerTextField(props, problem && translate(problem)),
      }}
    />
  );
}

/** DayField as a react-admin form input, labelled and validated as TextInput is. */
export function DayInput(props: PickerInputProps) {
  return <DayField {...usePickerInput(props)} />;
}
