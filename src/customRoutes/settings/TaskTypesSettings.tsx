import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { TaskType } from '../../../contract/api/tasks';
import { RefreshAlert } from '../../components/LoadFailure';
import { TaskTypeIcon } from '../../components/TaskTypeIcon';
import type { AppDataProvider } from '../../providers/dataProvider';
import { SettingsSection } from './SettingsSection';
import { TaskTypeDialog } from './TaskTypeDialog';

export const TASK_TYPES_KEY = ['task-types'] as const;

/**
 * The tenant's task types: how work is grouped and coloured in My Tasks and Task Management.
 * Add, edit, move up or down, and delete one no task uses (the server answers 409 otherwise).
 */
export function TaskTypesSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const {
    data: types,
    error,
    refetch,
  } = useQuery({
    queryKey: TASK_TYPES_KEY,
    queryFn: () => dataProvider.getTaskTypes(),
  });
  const [editing, setEditing] = useState<TaskType | 'new' | undefined>();
  const [deleting, setDeleting] = useState<TaskType | undefined>();

  const reorder = useMutation({
    mutationFn: (ids: number[]) => dataProvider.reorderTaskTypes(ids),
    onSuccess: (next) => queryClient.setQueryData(TASK_TYPES_KEY, next),
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => dataProvider.deleteTaskType(id),
    onSuccess: () => {
      notify('settings.task_types.deleted', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: TASK_TYPES_KEY });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
    onSettled: () => setDeleting(undefined),
  });

  const move = (index: number, by: -1 | 1) => {
    if (!types) return;
    const ids = types.map((t) => t.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };

  return (
    <SettingsSection
      testId="task-types-settings"
      title="settings.task_types.title"
      subheader="settings.task_types.subheader"
      action={
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap' }}>
          {translate('settings.task_types.add')}
        </Button>
      }
    >
      {error ? (
        <RefreshAlert error={error} onRefresh={() => refetch()} />
      ) : (
        <List dense disablePadding>
          {(types ?? []).map((type, index) => (
            <ListItem
              key={type.id}
              divider
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    aria-label={translate('settings.task_types.up', { name: type.name })}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={translate('settings.task_types.down', { name: type.name })}
                    disabled={index === (types?.length ?? 0) - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={translate('settings.task_types.edit', { name: type.name })}
                    onClick={() => setEditing(type)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={translate('settings.task_types.delete', { name: type.name })}
                    onClick={() => setDeleting(type)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Stack>
              }
              sx={{ pr: 20 }}
            >
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <Avatar sx={{ bgcolor: type.colour, width: 36, height: 36 }}>
                  <TaskTypeIcon name={type.icon} fontSize="small" />
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={type.name}
                secondary={type.description || undefined}
                // Descriptions wrap: one cut with an ellipsis would still widen a phone's page.
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {/* Dialogs: they open over the page, wherever they sit in the card. */}
      {editing && (
        <TaskTypeDialog
          type={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void queryClient.invalidateQueries({ queryKey: TASK_TYPES_KEY });
          }}
        />
      )}
      <Confirm
        isOpen={Boolean(deleting)}
        loading={remove.isPending}
        title="settings.task_types.delete_title"
        content="settings.task_types.delete_content"
        translateOptions={{ name: deleting?.name ?? '' }}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(undefined)}
      />
    </SettingsSection>
  );
}
