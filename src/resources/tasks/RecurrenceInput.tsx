import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo } from 'react';
import {
  RadioButtonGroupInput,
  required,
  SelectInput,
  useInput,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CountInput } from '../../components/CountInput';
import { DayInput } from '../../components/DayField';
import { messageChoices } from '../../i18n/choices';
import { sentenceLocale } from '../../i18n/language';
import { recurrenceSentence } from './recurrenceSentence';
import { recurrenceBody, type TaskFormValues } from './taskForm';

const FREQ_CHOICES = messageChoices('tasks.recurrence', ['none', 'daily', 'weekly', 'monthly']);
const END_CHOICES = messageChoices('tasks.recurrence', ['never', 'until', 'count']);
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

const weekdaysRule = (value: unknown, all: TaskFormValues) =>
  all.repeat?.freq === 'weekly' && (!Array.isArray(value) || value.length === 0)
    ? 'tasks.recurrence.weekdays_required'
    : undefined;

const untilRule = (value: unknown, all: TaskFormValues) => {
  if (all.repeat?.ends !== 'until') return undefined;
  if (!value) return 'ra.validation.required';
  return typeof value === 'string' && value < all.start_date
    ? 'tasks.validation.until_before_start'
    : undefined;
};

function WeekdaysInput() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, fieldState } = useInput({ source: 'repeat.weekdays', validate: weekdaysRule });
  const names = useMemo(() => {
    const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    // 2023-01-01 was a Sunday (day 0).
    return WEEK_ORDER.map((d) => ({
      day: d,
      short: short.format(new Date(Date.UTC(2023, 0, 1 + d))),
      long: long.format(new Date(Date.UTC(2023, 0, 1 + d))),
    }));
  }, [locale]);
  const value: number[] = Array.isArray(field.value) ? field.value : [];
  const message = fieldState.error?.message;
  return (
    <FormControl error={fieldState.invalid} sx={{ mb: 1 }}>
      <FormLabel sx={{ mb: 0.5, fontSize: 14 }}>{translate('tasks.recurrence.weekdays')}</FormLabel>
      <ToggleButtonGroup
        size="small"
        value={value}
        onChange={(_, days: number[]) => field.onChange(days)}
        sx={{ flexWrap: 'wrap' }}
      >
        {names.map((n) => (
          <ToggleButton key={n.day} value={n.day} aria-label={n.long} sx={{ minWidth: 44 }}>
            {n.short}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {message && <FormHelperText>{translate(message, { _: message })}</FormHelperText>}
    </FormControl>
  );
}

/** The live sentence under the editor: what the stores will see, before anything is saved. */
function Sentence() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [start_date, start_time, due_date, due_time, repeat] = useWatch({
    name: ['start_date', 'start_time', 'due_date', 'due_time', 'repeat'],
  }) as [string, string, string, string, TaskFormValues['repeat']];
  const sentence = recurrenceSentence(
    { start_date, start_time, due_date, due_time, recurrence: repeat ? recurrenceBody(repeat) : null },
    translate,
    sentenceLocale(locale),
  );
  if (!sentence) return null;
  return (
    <Alert severity="info" icon={false} data-testid="recurrence-sentence" sx={{ mt: 1 }}>
      {sentence}
    </Alert>
  );
}

/**
 * The repeat editor: none, daily, weekly on chosen days, monthly on a day (or the last day), every
 * N, until a date or for N times — with the schedule in words as it is edited.
 */
export function RecurrenceInput() {
  const translate = useTranslate();
  const [freq, ends] = useWatch({ name: ['repeat.freq', 'repeat.ends'] }) as [string, string];
  const monthDays = useMemo(
    () => [
      ...Array.from({ length: 31 }, (_, i) => ({ id: i + 1, name: String(i + 1) })),
      { id: -1, name: translate('tasks.recurrence.last_day') },
    ],
    [translate],
  );
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <SelectInput
          source="repeat.freq"
          label="tasks.recurrence.freq"
          choices={FREQ_CHOICES}
          validate={required()}
          emptyText={undefined}
          sx={{ flex: '1 1 200px', maxWidth: 260 }}
        />
        {freq !== 'none' && (
          <CountInput
            source="repeat.interval"
            label="tasks.recurrence.interval"
            min={1}
            max={365}
            helperText={`tasks.recurrence.interval_unit.${freq}`}
            sx={{ flex: '0 1 140px' }}
          />
        )}
        {freq === 'monthly' && (
          <SelectInput
            source="repeat.month_day"
            label="tasks.recurrence.month_day"
            choices={monthDays}
            validate={required()}
            sx={{ flex: '0 1 180px' }}
          />
        )}
      </Box>
      {freq === 'weekly' && <WeekdaysInput />}
      {freq !== 'none' && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <RadioButtonGroupInput
            source="repeat.ends"
            label="tasks.recurrence.ends"
            choices={END_CHOICES}
            sx={{ flex: '1 1 auto' }}
          />
          {ends === 'until' && (
            <DayInput
              source="repeat.until"
              label="tasks.recurrence.until_date"
              validate={untilRule}
              sx={{ flex: '0 1 200px' }}
            />
          )}
          {ends === 'count' && (
            <CountInput
              source="repeat.count"
              label="tasks.recurrence.count_times"
              min={1}
              max={1000}
              sx={{ flex: '0 1 140px' }}
            />
          )}
        </Box>
      )}
      <Sentence />
    </Box>
  );
}
