import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import type { TaskSummary } from '../../../contract/api/tasks';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Archives the selected published tasks, one call each (the API takes one id). Drafts and
 * archived tasks in the selection are skipped; refusals (someone else's task without manage) are
 * counted and the first reason shown.
 */
export function TaskBulkArchive() {
  const { selectedIds, data, onUnselectItems } = useListContext<TaskSummary>();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'tasks', action: 'update' });
  const [open, setOpen] = useState(false);
  const ids = (data ?? [])
    .filter((task) => selectedIds.includes(task.id) && task.status === 'published')
    .map((task) => task.id);
  const { mutate, isPending } = useMutation({
    mutationFn: (chosen: number[]) => Promise.allSettled(chosen.map((id) => dataProvider.archiveTask(id))),
    onSuccess: (results) => {
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      const done = results.length - failed.length;
      if (done) notify('tasks.notify.bulk_archived', { type: 'success', messageArgs: { smart_count: done } });
      if (failed.length)
        notify('tasks.notify.bulk_failed', {
          type: 'error',
          messageArgs: { smart_count: failed.length, reason: (failed[0]!.reason as Error).message },
        });
      setOpen(false);
      onUnselectItems();
      refresh();
    },
  });
  if (!canAccess) return null;
  return (
    <>
      <Button
        label="tasks.actions.archive"
        color="warning"
        disabled={isPending || ids.length === 0}
        onClick={() => setOpen(true)}
      >
        <ArchiveIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="tasks.confirm.bulk_archive_title"
        content="tasks.confirm.bulk_archive_body"
        translateOptions={{ smart_count: ids.length }}
        confirm="tasks.actions.archive"
        confirmColor="warning"
        onConfirm={() => mutate(ids)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
