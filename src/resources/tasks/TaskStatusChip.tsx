import type { TaskStatus } from '../../../contract/api/tasks';
import { StateChip } from '../../components/StateChip';

const COLOURS = { draft: 'default', published: 'success', archived: 'default' } as const;

/** Draft, published or archived; an archived task is outlined so live work stands out. */
export function TaskStatusChip({ status }: { status: TaskStatus }) {
  return (
    <StateChip label={`tasks.status.${status}`} color={COLOURS[status]} outlined={status !== 'published'} />
  );
}
