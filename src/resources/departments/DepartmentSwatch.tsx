import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';
import type { Department } from '../../../contract/api/departments';

/** The department's colour as a dot, next to its name wherever departments are listed. */
export function DepartmentSwatch({ size = 14 }: { size?: number }) {
  const record = useRecordContext<Department>();
  if (!record) return null;
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: record.colour,
        border: 1,
        borderColor: 'divider',
        verticalAlign: 'middle',
        mr: 1,
      }}
    />
  );
}
