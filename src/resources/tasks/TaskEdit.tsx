import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { AppDataProvider } from '../../providers/dataProvider';
import { statusOf } from '../../providers/httpClient';
import type { PageProps } from '../../routing/types';
import { TaskForm } from './TaskForm';
import { taskToValues } from './taskForm';
import { TASK_PATHS } from './taskPaths';

/** Spec §2 /task/management/edit/{id}: on a published task, saving changes future open work only. */
export default function TaskEdit({ title }: PageProps) {
  useDocumentTitle(title);
  const id = Number(useParams().id);
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const {
    data: task,
    error,
    isPending,
  } = useQuery({
    queryKey: ['tasks', 'get', id],
    queryFn: () => dataProvider.getTask(id),
    retry: false,
  });
  const defaults = useMemo(() => (task ? taskToValues(task) : undefined), [task]);

  let body = <LinearProgress />;
  if (error)
    body = (
      <Alert severity={statusOf(error) === 404 ? 'info' : 'error'}>
        {statusOf(error) === 404 ? translate('tasks.not_found') : (error as Error).message}
      </Alert>
    );
  else if (!isPending && task && (!task.editable || task.status === 'archived'))
    body = <Alert severity="info">{translate('tasks.read_only')}</Alert>;
  else if (task && defaults) body = <TaskForm key={task.id} task={task} defaultValues={defaults} />;

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, px: { xs: 1, sm: 0 } }}>
      <Title title={title} />
      <Button
        component={Link}
        to={TASK_PATHS.detail(id)}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ mb: 1 }}
      >
        {translate('ra.action.back')}
      </Button>
      {body}
    </Box>
  );
}
