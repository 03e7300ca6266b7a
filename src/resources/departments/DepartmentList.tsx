import WorkspacesIcon from '@mui/icons-material/Workspaces';
import Box from '@mui/material/Box';
import {
  Datagrid,
  DateField,
  FunctionField,
  type Identifier,
  SearchInput,
  SimpleList,
  TextField,
  useTranslate,
  WrapperField,
} from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { AdminList } from '../../components/AdminList';
import type { PageProps } from '../../routing/types';
import { DeleteDepartmentButton, DuplicateDepartmentButton, EditDepartmentButton } from './DepartmentButtons';
import { DepartmentSwatch } from './DepartmentSwatch';
import { DEPARTMENT_PATHS } from './departmentPaths';

function DepartmentSearch(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('departments.search')} />;
}

const filters = [<DepartmentSearch key="q" source="q" alwaysOn />];
const rowClick = (id: Identifier) => DEPARTMENT_PATHS.detail(id);

/** Spec §2 /admin/department: the departments tasks can be filed under. */
export default function DepartmentList({ title }: PageProps) {
  return (
    <AdminList
      title={title}
      filters={filters}
      storeKey="admin-departments"
      prefix="departments"
      createPath={DEPARTMENT_PATHS.create}
      icon={WorkspacesIcon}
      mobile={
        <SimpleList<Department>
          leftIcon={() => <DepartmentSwatch size={20} />}
          primaryText={(r) => r.name}
          secondaryText={(r) => r.description}
          rowClick={rowClick}
        />
      }
      desktop={
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <FunctionField<Department>
            source="name"
            label="departments.fields.name"
            render={(r) => (
              <>
                <DepartmentSwatch />
                {r.name}
              </>
            )}
          />
          <TextField source="description" label="departments.fields.description" sortable={false} />
          <DateField source="updated_at" label="departments.fields.updated_at" />
          <WrapperField label="shell.row_actions" textAlign="right">
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <DuplicateDepartmentButton />
              <EditDepartmentButton />
              <DeleteDepartmentButton redirect={false} />
            </Box>
          </WrapperField>
        </Datagrid>
      }
    />
  );
}
