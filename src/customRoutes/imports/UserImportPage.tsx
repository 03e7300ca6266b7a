import type { PageProps } from '../../routing/types';
import { ImportPage } from './ImportPage';

export default function UserImportPage({ title }: PageProps) {
  return <ImportPage kind="user" title={title} />;
}
