import type { PageProps } from '../../routing/types';
import { ReportPage } from './ReportPage';

export default function StoreAreaPerformancePage({ title }: PageProps) {
  return <ReportPage title={title} name="store-area-performance" />;
}
