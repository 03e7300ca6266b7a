import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { renderMultiSectionDigitalClockTimeView } from '@mui/x-date-pickers/timeViewRenderers';
import { dateToTime, TIME_REFERENCE_DAY, timeFormat, timeToDate } from '../providers/pickerFormat';
import { twelveHourClock } from '../providers/zonedTime';
import { type PickerFieldProps, type PickerInputProps, usePickerField, usePickerInput } from './pickerField';

const LISTS = {
  hours: renderMultiSectionDigitalClockTimeView,
  minutes: renderMultiSectionDigitalClockTimeView,
  meridiem: renderMultiSectionDigitalClockTimeView,
};

/**
 * A time of day (HH:mm, 24-hour, as the forms and the API hold it), typed or picked with the
 * session's clock: 12-hour with AM/PM for the US pattern (5:00 PM), 24-hour otherwise (17:00).
 */
export function TimeOfDayField(props: PickerFieldProps) {
  const { pattern, picker, textField } = usePickerField(props, timeToDate, dateToTime, (reason) =>
    reason === null ? null : 'dates.invalid_time',
  );
  return (
    <TimePicker
      {...picker}
      format={timeFormat(pattern)}
      ampm={twelveHourClock(pattern)}
      referenceDate={TIME_REFERENCE_DAY}
      // The lists of hours and minutes on a phone too (not the dial), named as they read.
      viewRenderers={LISTS}
      slotProps={{
        // "9:00 AM" as the app writes times, not "09:00 AM".
        field: { clearable: props.clearable, shouldRespectLeadingZeros: true },
        textField,
      }}
    />
  );
}

/** TimeOfDayField as a react-admin form input, labelled and validated as TextInput is. */
export function TimeOfDayInput(props: PickerInputProps) {
  return <TimeOfDayField {...usePickerInput(props)} />;
}
