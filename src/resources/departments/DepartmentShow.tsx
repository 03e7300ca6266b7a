import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateField, useRecordContext } from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { Figure } from '../../components/Figure';
import { RecordShow } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { DeleteDepartmentButton, DuplicateDepartmentButton, EditDepartmentButton } from './DepartmentButtons';
import { DepartmentSwatch } from './DepartmentSwatch';
import { DEPARTMENT_PATHS } from './departmentPaths';

function Details() {
  const record = useRecordContext<Department>();
  if (!record) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h5" component="h2">
          <DepartmentSwatch size={20} />
          {record.name}
        </Typography>
        {record.description && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {record.description}
          </Typography>
        )}
        <Stack direction="row" spacing={4} sx={{ mt: 2 }} useFlexGap>
          <Figure label="departments.fields.colour">{record.colour}</Figure>
          <Figure label="departments.fields.updated_at">
            <DateField source="updated_at" showTime />
          </Figure>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Spec §2 /admin/department/detail/{id}. */
export default function DepartmentShow({ title }: PageProps) {
  return (
    <RecordShow<Department>
      title={title}
      listPath={DEPARTMENT_PATHS.list}
      actions={
        <>
          <DuplicateDepartmentButton />
          <EditDepartmentButton />
          <DeleteDepartmentButton />
        </>
      }
    >
      <Details />
    </RecordShow>
  );
}
