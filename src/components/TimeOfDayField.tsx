import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { renderMultiSectionDigitalClockTimeView } from '@mui/x-date-pickers/timeViewRenderers';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useZonedTime } from '../hooks/useZonedTime';
import { dateToTime, TIME_REFERENCE_DAY, timeFormat, timeToDate } from '../providers/pickerFormat';
import { twelveHourClock } from '../providers/zonedTime';
import {
  type PickerFieldProps,
  type PickerInputProps,
  pickerTextField,
  usePickerInput,
  usePickerValue,
} from './pickerField';

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
  const { label, value, onChange, name, disabled, clearable } = props;
  const translate = useTranslate();
  const { pattern } = useZonedTime();
  const [date, change] = usePickerValue(value, timeToDate, dateToTime, onChange);
  const [problem, setProblem] = useState(false);
  return (
    <TimePicker
      label={label}
      value={date}
      onChange={change}
      onError={(reason) => setProblem(reason !== null)}
      format={timeFormat(pattern)}
      ampm={twelveHourClock(pattern)}
      referenceDate={TIME_REFERENCE_DAY}
      // The lists of hours and minutes on a phone too (not the dial), named as they read.
      viewRenderers={LISTS}
      name={name}
      disabled={disabled}
      slotProps={{
        // "9:00 AM" as the app writes times, not "09:00 AM".
        field: { clearable, shouldRespectLeadingZeros: true },
        textField: pickerTextField(props, problem ? translate('dates.invalid_time') : null),
      }}
    />
  );
}

/** TimeOfDayField as a react-admin form input, labelled and validated as TextInput is. */
export function TimeOfDayInput(props: PickerInputProps) {
  return <TimeOfDayField {...usePickerInput(props)} />;
}
