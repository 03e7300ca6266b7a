import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateField, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useRecordRoute } from '../../hooks/useRecordRoute';
import type { PageProps } from '../../routing/types';
import { DeleteDepartmentButton, DuplicateDepartmentButton, EditDepartmentButton } from './DepartmentButtons';
import { DepartmentSwatch } from './DepartmentSwatch';
import { DEPARTMENT_PATHS } from './departmentPaths';

function Actions() {
  return (
    <TopToolbar>
      <ListButton to={DEPARTMENT_PATHS.list} label="departments.actions.back" />
      <DuplicateDepartmentButton />
      <EditDepartmentButton />
      <DeleteDepartmentButton />
    </TopToolbar>
  );
}

function Details() {
  const record = useRecordContext<Department>();
  const translate = useTranslate();
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
          <div>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('departments.fields.colour')}
            </Typography>
            <Typography component="div">{record.colour}</Typography>
          </div>
          <div>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('departments.fields.updated_at')}
            </Typography>
            <DateField source="updated_at" showTime />
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Spec §2 /admin/department/detail/{id}. */
export default function DepartmentShow({ title }: PageProps) {
  useDocumentTitle(title);
  const { id, queryOptions } = useRecordRoute(DEPARTMENT_PATHS.list);
  return (
    <Show<Department> id={id} title={title} actions={<Actions />} component="div" queryOptions={queryOptions}>
      <Details />
    </Show>
  );
}
