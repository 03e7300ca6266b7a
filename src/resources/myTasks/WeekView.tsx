import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { MyTaskCard, MyTaskGroups } from '../../../contract/api/mytasks';
import { dayLabels } from '../../providers/zonedTime';
import { TaskCard } from './TaskCard';

export interface WeekViewProps {
  week: readonly string[];
  days: readonly UseQueryResult<MyTaskGroups>[];
  today: string;
  locale: string;
  onDay: (day: string) => void;
  onOpen: (card: MyTaskCard) => void;
}

/** Seven columns (a list on phones), each day's cards in type order; a day's heading opens that day. */
export function WeekView({ week, days, today, locale, onDay, onOpen }: WeekViewProps) {
  const translate = useTranslate();
  return (
    <Box
      data-testid="week-view"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(7, minmax(0, 1fr))' },
        gap: 1,
      }}
    >
      {week.map((day, i) => {
        const query = days[i];
        const cards = (query?.data?.data ?? []).flatMap((group) =>
          group.tasks.map((card) => ({ card, type: group.type })),
        );
        const labels = dayLabels(day, locale);
        return (
          <Stack
            key={day}
            component="section"
            aria-label={labels.long}
            spacing={0.75}
            sx={{
              minWidth: 0,
              p: 0.75,
              borderRadius: 2,
              bgcolor: day === today ? 'action.hover' : 'transparent',
            }}
          >
            <ButtonBase
              onClick={() => onDay(day)}
              sx={{ justifyContent: 'space-between', borderRadius: 1, px: 0.5, py: 0.5, minHeight: 40 }}
            >
              <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                {labels.weekday} {labels.dayOfMonth}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('my_tasks.task_count', { smart_count: cards.length })}
              </Typography>
            </ButtonBase>
            {query?.isPending && <LinearProgress />}
            {query?.error && <Alert severity="error">{translate('my_tasks.load_failed')}</Alert>}
            {cards.map(({ card, type }) => (
              <TaskCard key={card.assignment_id} card={card} type={type} day={day} compact onOpen={onOpen} />
            ))}
          </Stack>
        );
      })}
    </Box>
  );
}
