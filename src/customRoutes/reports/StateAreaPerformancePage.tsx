import type { PageProps } from '../../routing/types';
import { ReportPage } from './ReportPage';

export default function StateAreaPerformancePage({ title }: PageProps) {
  return <ReportPage title={title} name="state-area-performance" />;
}
