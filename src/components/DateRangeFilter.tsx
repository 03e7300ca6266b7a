import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { useSessionUser } from '../hooks/useSession';
import { useZonedTime } from '../hooks/useZonedTime';
import { type DateRange, presetOf, RANGE_PRESETS, type RangePreset, rangeOf } from '../providers/dateRanges';
import { DayField } from './DayField';

/** The range's two ends, each a date field of its own. */
const ENDS = ['from', 'to'] as const;

/**
 * A date range: a preset (weeks start on the tenant's day) or two dates of one's own, typed in the
 * app's pattern. A date field reports only itself, and only a whole date, so an edit never writes
 * back the other field's older value and an unfinished one changes nothing.
 */
export function DateRangeFilter({
  value,
  onChange,
  presets = RANGE_PRESETS,
}: {
  value: DateRange;
  onChange: (range: Partial<DateRange>) => void;
  presets?: readonly RangePreset[];
}) {
  const translate = useTranslate();
  const { today } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const preset = presetOf(value, today(), weekStart) ?? 'custom';
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap' }}>
      <TextField
        select
        fullWidth={false}
        margin="none"
        size="small"
        label={translate('ranges.label')}
        value={preset}
        onChange={(event) => {
          const next = event.target.value as RangePreset | 'custom';
          if (next !== 'custom') onChange(rangeOf(next, today(), weekStart));
        }}
        sx={{ width: { xs: '100%', sm: 170 } }}
      >
        {presets.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`ranges.${p}`)}
          </MenuItem>
        ))}
        <MenuItem value="custom">{translate('ranges.custom')}</MenuItem>
      </TextField>
      {ENDS.map((end) => (
        <DayField
          key={end}
          size="small"
          label={translate(`ranges.${end}`)}
          value={value[end]}
          onChange={(day) => day && onChange({ [end]: day })}
          sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
        />
      ))}
    </Stack>
  );
}
