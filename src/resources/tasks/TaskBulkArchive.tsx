import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import { useCanAccess, useDataProvider, useListContext } from 'react-admin';
import type { TaskSummary } from '../../../contract/api/tasks';
import { BulkCallButton } from '../../components/BulkCallButton';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Archives the selected published tasks, one call each (the API takes one id). Drafts and
 * archived tasks in the selection are skipped; refusals (someone else's task without manage) are
 * counted and the first reason shown.
 */
export function TaskBulkArchive() {
  const { selectedIds, data } = useListContext<TaskSummary>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'tasks', action: 'update' });
  if (!canAccess) return null;
  const ids = (data ?? [])
    .filter((task) => selectedIds.includes(task.id) && task.status === 'published')
    .map((task) => task.id);
  return (
    <BulkCallButton
      ids={ids}
      call={(id) => dataProvider.archiveTask(id)}
      label="tasks.actions.archive"
      icon={<ArchiveIcon />}
      color="warning"
      done="tasks.notify.bulk_archived"
      failed="tasks.notify.bulk_failed"
      confirm={{ title: 'tasks.confirm.bulk_archive_title', content: 'tasks.confirm.bulk_archive_body' }}
    />
  );
}
