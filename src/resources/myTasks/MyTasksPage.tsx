import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import type { MyTaskCard, MyTaskGroups } from '../../../contract/api/mytasks';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useSessionUser } from '../../hooks/useSession';
import { useZonedTime } from '../../hooks/useZonedTime';
import { QueuedCompletions } from '../../offline/QueuedCompletions';
import { weekOf } from '../../providers/zonedTime';
import type { PageProps } from '../../routing/types';
import { DayNavigator } from './DayNavigator';
import { useMyTasksParams } from './myTasksParams';
import { useDayTasks, useSearchTasks, useWeekTasks } from './myTasksQueries';
import { TaskDrawer } from './TaskDrawer';
import { TaskFilters } from './TaskFilters';
import { TaskGroups } from './TaskGroups';
import { usePrefetchDay } from './usePrefetchDay';
import { WeekView } from './WeekView';

function Results({
  query,
  empty,
  day,
  onOpen,
}: {
  query: UseQueryResult<MyTaskGroups>;
  empty: string;
  day?: string;
  onOpen: (card: MyTaskCard) => void;
}) {
  const translate = useTranslate();
  if (query.isPending) return <LinearProgress />;
  if (query.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            {translate('my_tasks.retry')}
          </Button>
        }
      >
        {translate('my_tasks.load_failed')} {query.error.message}
      </Alert>
    );
  const groups = query.data.data;
  if (groups.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="my-tasks-empty">
        {empty}
      </Typography>
    );
  return <TaskGroups groups={groups} day={day} onOpen={onOpen} />;
}

/**
 * Spec §2 /task: the store's day (or week) by task type, filtered by department or searched; a
 * card opens its drawer to read and complete it. Phone first: one column that fills the screen.
 */
export default function MyTasksPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const user = useSessionUser();
  const { today: todayIn, locale } = useZonedTime();
  const today = todayIn();
  const [params, update] = useMyTasksParams(today);
  const { view, day, department, search, assignment } = params;
  const week = weekOf(day, user?.settings.week_starting_day ?? 1);
  const searching = search.trim().length > 0;

  const dayQuery = useDayTasks(day, department, view === 'day' && !searching);
  usePrefetchDay(dayQuery.data);
  const weekQueries = useWeekTasks(week, department, view === 'week' && !searching);
  const searchQuery = useSearchTasks(search, department);
  const open = (card: MyTaskCard) => update({ assignment: card.assignment_id });

  return (
    <Box
      sx={{
        maxWidth: view === 'week' && !searching ? 1400 : 760,
        mx: 'auto',
        width: '100%',
        py: { xs: 0, sm: 2 },
      }}
    >
      <Title title={title} />
      <QueuedCompletions />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, borderRadius: 2 }}>
        <Stack spacing={1.5}>
          <ToggleButtonGroup
            size="small"
            exclusive
            fullWidth
            value={view}
            aria-label={translate('my_tasks.view')}
            onChange={(_, next: 'day' | 'week' | null) => next && update({ view: next, search: '' })}
            sx={{ maxWidth: { sm: 240 } }}
          >
            <ToggleButton value="day">{translate('my_tasks.view_day')}</ToggleButton>
            <ToggleButton value="week">{translate('my_tasks.view_week')}</ToggleButton>
          </ToggleButtonGroup>
          {!searching && (
            <DayNavigator
              view={view}
              day={day}
              today={today}
              week={week}
              locale={locale}
              onDay={(next) => update({ day: next })}
            />
          )}
          <TaskFilters
            department={department}
            search={search}
            onDepartment={(next) => update({ department: next })}
            onSearch={(next) => update({ search: next }, { replace: true })}
          />
        </Stack>
      </Paper>

      {searching ? (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            {translate('my_tasks.search_results', { search: search.trim() })}
          </Typography>
          <Results
            query={searchQuery}
            empty={translate('my_tasks.nothing_found', { search: search.trim() })}
            onOpen={open}
          />
        </Stack>
      ) : view === 'week' ? (
        <WeekView
          week={week}
          days={weekQueries}
          today={today}
          locale={locale}
          onDay={(next) => update({ view: 'day', day: next })}
          onOpen={open}
        />
      ) : (
        <Results
          query={dayQuery}
          day={day}
          empty={translate(department ? 'my_tasks.nothing_in_department' : 'my_tasks.nothing_today')}
          onOpen={open}
        />
      )}

      <TaskDrawer assignmentId={assignment} onClose={() => update({ assignment: undefined })} />
    </Box>
  );
}
