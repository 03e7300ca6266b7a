import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { Task } from '../../../contract/api/tasks';
import type { AppDataProvider } from '../../providers/dataProvider';
import { PublishConfirm } from './PublishConfirm';
import { taskBody, taskToValues } from './taskForm';
import { TASK_PATHS } from './taskPaths';

type Pending = 'publish' | 'archive' | 'delete' | null;

/**
 * What can be done with a task, by its status and the caller's capabilities: edit (own task with
 * update, anyone's with manage: the server's `editable`), duplicate (create), publish a draft,
 * archive a published task, delete a draft (delete; someone else's also needs manage).
 */
export function TaskActions({ task }: { task: Task }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [pending, setPending] = useState<Pending>(null);
  const create = useCanAccess({ resource: 'tasks', action: 'create' });
  const remove = useCanAccess({ resource: 'tasks', action: 'delete', record: { author_id: task.author.id } });

  const preview = useQuery({
    queryKey: ['tasks', 'preview', task.id, task.updated_at],
    queryFn: () => dataProvider.previewTask({ id: task.id, ...taskBody(taskToValues(task)) }),
    enabled: pending === 'publish',
  });

  const onError = (error: Error) => notify(error.message, { type: 'error' });
  const publish = useMutation({
    mutationFn: () => dataProvider.publishTask(task.id),
    onSuccess: (result) => {
      notify('tasks.notify.published', { type: 'success', messageArgs: { smart_count: result.assignments } });
      refresh();
    },
    onError,
    onSettled: () => setPending(null),
  });
  const archive = useMutation({
    mutationFn: () => dataProvider.archiveTask(task.id),
    onSuccess: () => {
      notify('tasks.notify.archived', { type: 'success' });
      refresh();
    },
    onError,
    onSettled: () => setPending(null),
  });
  const destroy = useMutation({
    mutationFn: () => dataProvider.deleteTask(task.id),
    onSuccess: () => {
      notify('tasks.notify.deleted', { type: 'success' });
      redirect(() => TASK_PATHS.list);
    },
    onError,
    onSettled: () => setPending(null),
  });

  const editable = task.editable && task.status !== 'archived';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {task.status === 'draft' && task.editable && (
        <Button
          variant="contained"
          size="small"
          startIcon={<SendIcon />}
          onClick={() => setPending('publish')}
        >
          {translate('tasks.actions.publish')}
        </Button>
      )}
      {editable && (
        <Button
          component={Link}
          to={TASK_PATHS.edit(task.id)}
          variant={task.status === 'draft' ? 'outlined' : 'contained'}
          size="small"
          startIcon={<EditOutlinedIcon />}
        >
          {translate('tasks.actions.edit')}
        </Button>
      )}
      {create.canAccess && (
        <Button
          component={Link}
          to={TASK_PATHS.duplicate(task.id)}
          size="small"
          startIcon={<ContentCopyIcon />}
        >
          {translate('tasks.actions.duplicate')}
        </Button>
      )}
      {task.status === 'published' && task.editable && (
        <Button
          size="small"
          color="warning"
          startIcon={<ArchiveIcon />}
          onClick={() => setPending('archive')}
        >
          {translate('tasks.actions.archive')}
        </Button>
      )}
      {task.status === 'draft' && remove.canAccess && (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setPending('delete')}>
          {translate('tasks.actions.delete')}
        </Button>
      )}
      <PublishConfirm
        open={pending === 'publish'}
        title={task.title}
        preview={preview.data}
        loading={publish.isPending || preview.isFetching}
        onConfirm={() => publish.mutate()}
        onClose={() => setPending(null)}
      />
      <Confirm
        isOpen={pending === 'archive'}
        loading={archive.isPending}
        title="tasks.confirm.archive_title"
        content="tasks.confirm.archive_body"
        translateOptions={{ title: task.title }}
        confirm="tasks.actions.archive"
        confirmColor="warning"
        onConfirm={() => archive.mutate()}
        onClose={() => setPending(null)}
      />
      <Confirm
        isOpen={pending === 'delete'}
        loading={destroy.isPending}
        title="tasks.confirm.delete_title"
        content="tasks.confirm.delete_body"
        translateOptions={{ title: task.title }}
        confirm="tasks.actions.delete"
        onConfirm={() => destroy.mutate()}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
