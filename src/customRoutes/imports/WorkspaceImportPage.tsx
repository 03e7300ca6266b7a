import type { PageProps } from '../../routing/types';
import { ImportPage } from './ImportPage';

export default function WorkspaceImportPage({ title }: PageProps) {
  return <ImportPage kind="workspace" title={title} />;
}
