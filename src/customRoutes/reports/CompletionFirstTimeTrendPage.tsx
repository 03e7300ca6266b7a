import type { PageProps } from '../../routing/types';
import { ReportPage } from './ReportPage';

export default function CompletionFirstTimeTrendPage({ title }: PageProps) {
  return <ReportPage title={title} name="completion-first-time-trend" />;
}
