import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Datagrid,
  FunctionField,
  type Identifier,
  Pagination,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { TaskSummary } from '../../../contract/api/tasks';
import { AdminList } from '../../components/AdminList';
import { useDateFormat } from '../../hooks/useDateFormat';
import { sentenceLocale } from '../../i18n/language';
import type { PageProps } from '../../routing/types';
import { recurrenceSentence } from './recurrenceSentence';
import { TaskBulkArchive } from './TaskBulkArchive';
import { taskFilters } from './TaskFilters';
import { TaskProgressBar } from './TaskProgressBar';
import { TaskStatusChip } from './TaskStatusChip';
import { TaskTypeChip } from './TaskTypeChip';
import { TASK_PATHS } from './taskPaths';

/** The schedule in words, shortened for a list cell. */
function useScheduleText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (task: TaskSummary) => recurrenceSentence(task, translate, sentenceLocale(locale));
}

/** At 390 px a table cannot show the progress: one card per task instead. */
function TaskCards() {
  const { data, isPending } = useListContext<TaskSummary>();
  const schedule = useScheduleText();
  if (isPending || !data) return null;
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="task-cards">
      {data.map((task) => (
        <Card key={task.id} variant="outlined">
          <CardActionArea component={Link} to={TASK_PATHS.detail(task.id)}>
            <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
                <TaskTypeChip type={task.type} />
                <TaskStatusChip status={task.status} />
              </Stack>
              <Typography variant="subtitle1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {task.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {schedule(task)}
              </Typography>
              <TaskProgressBar progress={task.progress} />
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}

function TaskTable() {
  const { date } = useDateFormat();
  const schedule = useScheduleText();
  const rowClick = (id: Identifier) => TASK_PATHS.detail(id);
  return (
    <Datagrid rowClick={rowClick} bulkActionButtons={<TaskBulkArchive />}>
      <FunctionField<TaskSummary>
        source="title"
        label="tasks.fields.title"
        render={(task) => (
          <Box sx={{ minWidth: 200 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {task.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {schedule(task)}
            </Typography>
          </Box>
        )}
      />
      <FunctionField<TaskSummary>
        source="type_id"
        label="tasks.fields.type"
        sortable={false}
        render={(task) => <TaskTypeChip type={task.type} />}
      />
      <FunctionField<TaskSummary>
        source="status"
        label="tasks.fields.status"
        render={(task) => <TaskStatusChip status={task.status} />}
      />
      <FunctionField<TaskSummary>
        source="department_id"
        label="tasks.fields.department"
        sortable={false}
        render={(task) => task.department?.name ?? '—'}
      />
      <FunctionField<TaskSummary>
        label="tasks.fields.progress"
        sortable={false}
        render={(task) => <TaskProgressBar progress={task.progress} width={160} />}
      />
      <FunctionField<TaskSummary>
        source="due_date"
        label="tasks.fields.due"
        render={(task) => `${date(task.due_date)} ${task.due_time}`}
      />
      <FunctionField<TaskSummary>
        label="tasks.fields.author"
        sortable={false}
        render={(task) => task.author.name}
      />
    </Datagrid>
  );
}

/** Spec §2 /task/management: the tasks authored in or sent to the caller's part of the organisation. */
export default function TaskList({ title }: PageProps) {
  return (
    <AdminList
      title={title}
      sort={{ field: 'updated_at', order: 'DESC' }}
      filters={taskFilters}
      storeKey="task-management"
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      createPath={TASK_PATHS.create}
      icon={AssignmentIcon}
      mobile={<TaskCards />}
      desktop={<TaskTable />}
    />
  );
}
