import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { addDays, dayLabels } from '../../providers/zonedTime';
import type { MyTasksView } from './myTasksParams';

export interface DayNavigatorProps {
  view: MyTasksView;
  day: string;
  today: string;
  /** The seven days of the shown week, from the tenant's first day of the week. */
  week: readonly string[];
  locale: string;
  onDay: (day: string) => void;
}

/**
 * The date stepper (a day, or a week in the week view) and the week strip: seven days from the
 * tenant's week_starting_day, the shown one selected, today underlined.
 */
export function DayNavigator({ view, day, today, week, locale, onDay }: DayNavigatorProps) {
  const translate = useTranslate();
  const step = view === 'week' ? 7 : 1;
  const first = dayLabels(week[0]!, locale);
  const last = dayLabels(week[6]!, locale);
  const heading = view === 'week' ? `${first.short} – ${last.short}` : dayLabels(day, locale).long;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <IconButton
          onClick={() => onDay(addDays(day, -step))}
          aria-label={translate(view === 'week' ? 'my_tasks.previous_week' : 'my_tasks.previous_day')}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography
          variant="h6"
          component="p"
          sx={{ flex: 1, textAlign: 'center', fontSize: { xs: '1rem', sm: '1.15rem' } }}
          data-testid="shown-day"
          aria-live="polite"
        >
          {heading}
        </Typography>
        <IconButton
          onClick={() => onDay(addDays(day, step))}
          aria-label={translate(view === 'week' ? 'my_tasks.next_week' : 'my_tasks.next_day')}
        >
          <ChevronRightIcon />
        </IconButton>
        <Button size="small" variant="outlined" onClick={() => onDay(today)} disabled={day === today}>
          {translate('my_tasks.today')}
        </Button>
      </Stack>
      {view === 'day' && (
        <Box
          role="group"
          aria-label={translate('my_tasks.week_strip')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
        >
          {week.map((d) => {
            const labels = dayLabels(d, locale);
            const selected = d === day;
            return (
              <ButtonBase
                key={d}
                onClick={() => onDay(d)}
                aria-pressed={selected}
                aria-label={labels.spoken}
                sx={{
                  flexDirection: 'column',
                  py: 0.75,
                  minHeight: 48,
                  borderRadius: 2,
                  bgcolor: selected ? 'primary.main' : 'transparent',
                  color: selected ? 'primary.contrastText' : 'text.primary',
                  '&:hover': { bgcolor: selected ? 'primary.dark' : 'action.hover' },
                }}
              >
                <Typography variant="caption" sx={{ lineHeight: 1.2 }}>
                  {labels.weekday}
                </Typography>
                {/* A space between the two lines, so the text reads "Mon 24" as the name says. */}{' '}
                <Typography
                  variant="body1"
                  sx={{
                    fontWeight: 700,
                    lineHeight: 1.4,
                    textDecoration: d === today ? 'underline' : 'none',
                    textUnderlineOffset: 3,
                  }}
                >
                  {labels.dayOfMonth}
                </Typography>
              </ButtonBase>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
