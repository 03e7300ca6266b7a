import type { PageProps } from '../../routing/types';
import { AuditQueuePage } from './AuditQueuePage';

export default function AuditByTaskPage({ title }: PageProps) {
  return <AuditQueuePage title={title} by="task" />;
}
