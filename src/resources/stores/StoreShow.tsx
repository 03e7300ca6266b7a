import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ShowBase, Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ShowState } from '../../components/ShowState';
import { WorkspaceDetails } from '../../components/WorkspaceDetails';
import { useSessionUser } from '../../hooks/useSession';
import type { PageProps } from '../../routing/types';
import { StoreInspections } from './StoreInspections';

/** Spec §2 /workspace/detail/{id}: one workspace's details, read-only. */
export default function StoreShow({ title }: PageProps) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const user = useSessionUser();
  const position = user?.position_list.find((p) => p.id === user.positionId);
  // Someone positioned at a workspace has no list to go back to: /workspace opens on their own.
  const hasList = position?.node_type !== 'workspace';
  return (
    <ShowBase id={id} redirectOnError={false} queryOptions={{ onError: () => undefined }}>
      <Box sx={{ py: { xs: 1, sm: 2 } }}>
        <Title title={title} />
        {hasList && (
          <Button component={Link} to="/workspace" size="small" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
            {translate('workspaces.back_to_info')}
          </Button>
        )}
        <ShowState>
          <WorkspaceDetails />
          <StoreInspections />
        </ShowState>
      </Box>
    </ShowBase>
  );
}
