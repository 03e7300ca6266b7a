import type { PageProps } from '../../routing/types';
import { ReportPage } from './ReportPage';

export default function OverallPage({ title }: PageProps) {
  return <ReportPage title={title} name="overall" />;
}
