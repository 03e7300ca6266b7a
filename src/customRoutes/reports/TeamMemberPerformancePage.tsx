import type { PageProps } from '../../routing/types';
import { ReportPage } from './ReportPage';

export default function TeamMemberPerformancePage({ title }: PageProps) {
  return <ReportPage title={title} name="team-member-performance" />;
}
