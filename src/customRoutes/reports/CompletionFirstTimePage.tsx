import type { PageProps } from '../../routing/types';
import { ReportPage } from './ReportPage';

export default function CompletionFirstTimePage({ title }: PageProps) {
  return <ReportPage title={title} name="completion-first-time" />;
}
