import WorkspacesIcon from '@mui/icons-material/Workspaces';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  type Identifier,
  List,
  SearchInput,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useIsMobile } from '../../hooks/useIsMobile';
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

function Actions() {
  return (
    <TopToolbar>
      <CreateButton to={DEPARTMENT_PATHS.create} label="departments.actions.create" />
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box
      sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480 }}
      data-testid="departments-empty"
    >
      <WorkspacesIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {translate('departments.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('departments.empty_body')}
      </Typography>
      <CreateButton to={DEPARTMENT_PATHS.create} label="departments.actions.create" variant="contained" />
    </Box>
  );
}

/** Spec §2 /admin/department: the departments tasks can be filed under. */
export default function DepartmentList({ title }: PageProps) {
  useDocumentTitle(title);
  const isMobile = useIsMobile();
  return (
    <List
      title={title}
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      actions={<Actions />}
      empty={<Empty />}
      storeKey="admin-departments"
    >
      {isMobile ? (
        <SimpleList<Department>
          leftIcon={() => <DepartmentSwatch size={20} />}
          primaryText={(r) => r.name}
          secondaryText={(r) => r.description}
          rowClick={rowClick}
        />
      ) : (
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
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <DuplicateDepartmentButton />
            <EditDepartmentButton />
            <DeleteDepartmentButton redirect={false} />
          </Box>
        </Datagrid>
      )}
    </List>
  );
}
