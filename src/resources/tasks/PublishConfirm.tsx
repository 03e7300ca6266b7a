import { Confirm, useTranslate } from 'react-admin';
import type { TaskPreview } from '../../../contract/api/tasks';

interface PublishConfirmProps {
  open: boolean;
  title: string;
  /** The preview of who receives it; undefined while it is still being worked out. */
  preview: TaskPreview | undefined;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Publishing sends work to real stores: say to how many and how many people before doing it. */
export function PublishConfirm({ open, title, preview, loading, onConfirm, onClose }: PublishConfirmProps) {
  const translate = useTranslate();
  const content = preview
    ? translate('tasks.confirm.publish_body', {
        stores: translate('tasks.preview.stores', { smart_count: preview.stores }),
        people: translate('tasks.preview.people', { smart_count: preview.people }),
      })
    : translate('tasks.confirm.publish_unknown');
  return (
    <Confirm
      isOpen={open}
      loading={loading}
      title="tasks.confirm.publish_title"
      translateOptions={{ title }}
      content={content}
      confirm="tasks.actions.publish"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
