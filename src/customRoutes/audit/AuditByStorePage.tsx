import type { PageProps } from '../../routing/types';
import { AuditQueuePage } from './AuditQueuePage';

export default function AuditByStorePage({ title }: PageProps) {
  return <AuditQueuePage title={title} by="store" />;
}
