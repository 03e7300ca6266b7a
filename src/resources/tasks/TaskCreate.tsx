import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ListButton, Title, useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useTaskTypes } from '../../hooks/useTaskLookups';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { PageProps } from '../../routing/types';
import { TaskForm } from './TaskForm';
import { defaultTypeId, emptyTaskValues, taskToValues } from './taskForm';
import { TASK_PATHS } from './taskPaths';

/** Spec §2 /task/management/create/{id?}: a new task, or a duplicate of task {id} to adjust. */
export default function TaskCreate({ title }: PageProps) {
  useDocumentTitle(title);
  const { id } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { types, isPending: typesPending } = useTaskTypes();
  const source = useQuery({
    queryKey: ['tasks', 'get', Number(id)],
    queryFn: () => dataProvider.getTask(Number(id)),
    enabled: id !== undefined,
    retry: false,
  });
  const defaults = useMemo(() => {
    if (id !== undefined)
      return source.data
        ? taskToValues(source.data, (t) => translate('tasks.copy_of', { title: t }))
        : undefined;
    if (typesPending) return undefined;
    return { ...emptyTaskValues(), type_id: defaultTypeId(types) };
  }, [id, source.data, types, typesPending, translate]);

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, px: { xs: 1, sm: 0 } }}>
      <Title title={title} />
      <ListButton to={TASK_PATHS.list} label="tasks.actions.back" icon={<ArrowBackIcon />} sx={{ mb: 1 }} />
      {source.error ? (
        <Alert severity="error">{(source.error as Error).message}</Alert>
      ) : defaults ? (
        <TaskForm key={id ?? 'new'} defaultValues={defaults} />
      ) : (
        <LinearProgress />
      )}
    </Box>
  );
}
