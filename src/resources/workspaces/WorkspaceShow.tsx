import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ListButton, ShowBase, Title, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { RecordHistory } from '../../components/RecordHistory';
import { ShowState } from '../../components/ShowState';
import { WorkspaceDetails } from '../../components/WorkspaceDetails';
import type { PageProps } from '../../routing/types';
import { WorkspaceStatusButton } from './WorkspaceStatusButton';
import { WORKSPACE_PATHS } from './workspacePaths';

function Actions() {
  const translate = useTranslate();
  const record = useRecordContext<WorkspaceRecord>();
  const edit = useCanAccess({ resource: 'workspaces', action: 'edit', record });
  const hierarchy = useCanAccess({ resource: 'hierarchy', action: 'update' });
  if (!record) return null;
  return (
    <>
      {edit.canAccess && (
        <Button
          component={Link}
          to={WORKSPACE_PATHS.edit(record.id)}
          variant="contained"
          size="small"
          startIcon={<EditOutlinedIcon />}
        >
          {translate('ra.action.edit')}
        </Button>
      )}
      <WorkspaceStatusButton />
      {hierarchy.canAccess && (
        <Button
          component={Link}
          to={`/admin/hierarchy?node=${record.node_id}`}
          size="small"
          startIcon={<AccountTreeOutlinedIcon />}
        >
          {translate('workspaces.open_hierarchy')}
        </Button>
      )}
    </>
  );
}

/** Spec §2 /admin/workspace/detail/{id}. */
export default function WorkspaceShow({ title }: PageProps) {
  const { id = '' } = useParams();
  return (
    // ShowState explains a failure in place instead of react-admin's redirect to a resource list.
    <ShowBase id={id} redirectOnError={false} queryOptions={{ onError: () => undefined }}>
      <Box sx={{ py: { xs: 1, sm: 2 } }}>
        <Title title={title} />
        <ListButton
          to={WORKSPACE_PATHS.list}
          label="workspaces.back_to_list"
          icon={<ArrowBackIcon />}
          sx={{ mb: 1 }}
        />
        <ShowState>
          <WorkspaceDetails actions={<Actions />} />
          <Box sx={{ mt: 2 }}>
            <RecordHistory entity="workspace" id={id} />
          </Box>
        </ShowState>
      </Box>
    </ShowBase>
  );
}
