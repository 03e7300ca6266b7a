import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { ApiError } from '../../providers/httpClient';
import { setWorkspaceStatus, WORKSPACE_FALLBACK } from './workspaceApi';

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
  const { canAccess } = useCanAccess({ resource: 'workspaces', action: 'update', record });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !canAccess) return null;
  const activating = record.status === 'inactive';

  const apply = async () => {
    setBusy(true);
    try {
      await setWorkspaceStatus(record.id, activating ? 'active' : 'inactive');
      notify(activating ? 'workspaces.activated' : 'workspaces.deactivated', {
        type: 'success',
        messageArgs: { name: record.name },
      });
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: ['workspaces'] });
      await queryClient.invalidateQueries({ queryKey: ['hierarchy'] });
      refresh();
    } catch (error) {
      notify(error instanceof ApiError ? error.message : WORKSPACE_FALLBACK.update, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

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
