import Stack from '@mui/material/Stack';
import { DateField, useRecordContext } from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { Figure } from '../../components/Figure';
import { NamedRecordShow } from '../../components/NamedRecordShow';
import type { PageProps } from '../../routing/types';
import { DeleteDepartmentButton } from './DepartmentButtons';
import { DepartmentSwatch } from './DepartmentSwatch';
import { DEPARTMENT_PATHS } from './departmentPaths';

function Figures() {
  const record = useRecordContext<Department>();
  return (
    <Stack direction="row" spacing={4} sx={{ mt: 2 }} useFlexGap>
      <Figure label="departments.fields.colour">{record?.colour}</Figure>
      <Figure label="departments.fields.updated_at">
        <DateField source="updated_at" showTime />
      </Figure>
    </Stack>
  );
}

/** Spec §2 /admin/department/detail/{id}. */
export default function DepartmentShow({ title }: PageProps) {
  return (
    <NamedRecordShow<Department>
      title={title}
      paths={DEPARTMENT_PATHS}
      remove={<DeleteDepartmentButton />}
      mark={<DepartmentSwatch size={20} />}
    >
      <Figures />
    </NamedRecordShow>
  );
}
