import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Activates or deactivates the workspace in context. Deactivating asks first (its people can no
 * longer work in it); activating past the tenant's limit is refused by the server with the limit.
 */
export function WorkspaceStatusButton({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const record = useRecordContext<WorkspaceRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'workspaces', action: 'update', record });
  const [confirming, setConfirming] = useState(false);
  const { mutate, isPending: busy } = useMutation({
    mutationFn: ({ workspace, status }: { workspace: WorkspaceRecord; status: 'active' | 'inactive' }) =>
      dataProvider.setWorkspaceStatus(workspace.id, status),
    onSuccess: async (_, { workspace, status }) => {
      notify(status === 'active' ? 'workspaces.activated' : 'workspaces.deactivated', {
        type: 'success',
        messageArgs: { name: workspace.name },
      });
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: ['workspaces'] });
      await queryClient.invalidateQueries({ queryKey: ['hierarchy'] });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!record || !canAccess) return null;
  const activating = record.status === 'inactive';
  const apply = () => mutate({ workspace: record, status: activating ? 'active' : 'inactive' });

  return (
    <>
      <Button
        size={size}
        color={activating ? 'primary' : 'warning'}
        startIcon={activating ? <PlayCircleOutlineIcon /> : <PauseCircleOutlineIcon />}
        disabled={busy}
        onClick={(event) => {
          event.stopPropagation();
          if (activating) apply();
          else setConfirming(true);
        }}
      >
        {translate(activating ? 'workspaces.activate' : 'workspaces.deactivate')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('workspaces.deactivate_title', { name: record.name })}
        content={translate('workspaces.deactivate_body', { smart_count: record.user_count })}
        confirm="workspaces.deactivate"
        confirmColor="warning"
        onConfirm={apply}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
