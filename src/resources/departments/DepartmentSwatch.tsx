import { useRecordContext } from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { ColourSwatch } from '../../components/ColourSwatch';

/** The department's colour as a dot, next to its name wherever departments are listed. */
export function DepartmentSwatch({ size = 14 }: { size?: number }) {
  const record = useRecordContext<Department>();
  if (!record) return null;
  return <ColourSwatch colour={record.colour} size={size} round sx={{ mr: 1 }} />;
}
