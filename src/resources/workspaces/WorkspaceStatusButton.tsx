import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { StatusToggleButton } from '../../components/StatusToggleButton';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Activates or deactivates the workspace in context. Deactivating asks first (its people can no
 * longer work in it); activating past the tenant's limit is refused by the server with the limit.
 */
export function WorkspaceStatusButton({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const record = useRecordContext<WorkspaceRecord>();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'workspaces', action: 'update', record });
  if (!record || !canAccess) return null;
  const activating = record.status === 'inactive';
  const status = activating ? 'active' : 'inactive';
  return (
    <StatusToggleButton
      off={!activating}
      label={activating ? 'workspaces.activate' : 'workspaces.deactivate'}
      icon={activating ? <PlayCircleOutlineIcon /> : <PauseCircleOutlineIcon />}
      color={activating ? 'primary' : 'warning'}
      size={size}
      confirmTitle="workspaces.deactivate_title"
      confirmBody="workspaces.deactivate_body"
      confirmArgs={{ name: record.name, smart_count: record.user_count }}
      run={() => dataProvider.setWorkspaceStatus(record.id, status)}
      done={[activating ? 'workspaces.activated' : 'workspaces.deactivated', { name: record.name }]}
      // Its place in the tree and the tenant's active count change with it.
      afterChange={() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: ['workspaces'] }),
          queryClient.invalidateQueries({ queryKey: ['hierarchy'] }),
        ])
      }
    />
  );
}
