import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { dateToDay, dayFormat, dayToDate } from '../providers/pickerFormat';
import { type PickerFieldProps, type PickerInputProps, usePickerField, usePickerInput } from './pickerField';

/**
 * A calendar day (YYYY-MM-DD, as the forms and the API hold it), typed or picked in the session's
 * pattern of spec §3: DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD. Day, month and year are sections of
 * the field, each a spin button a keyboard can type into or step with the arrows.
 */
export function DayField(props: PickerFieldProps) {
  const { pattern, picker, textField } = usePickerField(props, dayToDate, dateToDay, (reason) =>
    reason === null ? null : reason === 'invalidDate' ? 'dates.invalid_day' : 'dates.out_of_range',
  );
  return (
    <DatePicker
      {...picker}
      format={dayFormat(pattern)}
      slotProps={{ field: { clearable: props.clearable }, textField }}
    />
  );
}

/** DayField as a react-admin form input, labelled and validated as TextInput is. */
export function DayInput(props: PickerInputProps) {
  return <DayField {...usePickerInput(props)} />;
}
