import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { DateField, FunctionField, type Identifier, TextField } from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { RecordList, rowActions, searchOnly } from '../../components/AdminList';
import { RecordActions } from '../../components/RecordButtons';
import type { PageProps } from '../../routing/types';
import { DeleteDepartmentButton } from './DepartmentButtons';
import { DepartmentSwatch } from './DepartmentSwatch';
import { DEPARTMENT_PATHS } from './departmentPaths';

const filters = searchOnly('departments');
const rowClick = (id: Identifier) => DEPARTMENT_PATHS.detail(id);

/** Spec §2 /admin/department: the departments tasks can be filed under. */
export default function DepartmentList({ title }: PageProps) {
  return (
    <RecordList<Department>
      title={title}
      filters={filters}
      storeKey="admin-departments"
      createPath={DEPARTMENT_PATHS.create}
      icon={WorkspacesIcon}
      rowClick={rowClick}
      lines={{
        leftIcon: () => <DepartmentSwatch size={20} />,
        secondaryText: (r) => r.description,
      }}
    >
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
      {rowActions(
        <RecordActions paths={DEPARTMENT_PATHS}>
          <DeleteDepartmentButton redirect={false} />
        </RecordActions>,
      )}
    </RecordList>
  );
}
