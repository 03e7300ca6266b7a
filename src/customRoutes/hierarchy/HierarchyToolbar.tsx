import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { HierarchyDialog } from './hierarchyDialog';
import type { ToolbarTargets } from './toolbarTargets';
import type { HierarchyRights } from './useHierarchyRights';

/** The hierarchy screen's actions on the nodes the toolbar acts on, each opening its dialog. */
export function HierarchyToolbar({
  can,
  targets: { canAddHere, canRenameHere, toMove, toDelete },
  onOpen,
}: {
  can: HierarchyRights;
  targets: ToolbarTargets;
  onOpen: (dialog: HierarchyDialog) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
      {can.create && (
        <>
          <Button
            size="small"
            startIcon={<CreateNewFolderOutlinedIcon />}
            disabled={!canAddHere}
            onClick={() => onOpen({ kind: 'add', type: 'container', errors: {} })}
          >
            {translate('hierarchy.add_container')}
          </Button>
          <Button
            size="small"
            startIcon={<AddBusinessOutlinedIcon />}
            disabled={!canAddHere}
            onClick={() => onOpen({ kind: 'add', type: 'workspace', errors: {} })}
          >
            {translate('hierarchy.add_workspace', { term: translate('hierarchy.types.workspace') })}
          </Button>
        </>
      )}
      {can.update && (
        <>
          <Button
            size="small"
            startIcon={<EditOutlinedIcon />}
            disabled={!canRenameHere}
            onClick={() => onOpen({ kind: 'rename' })}
          >
            {translate('hierarchy.rename')}
          </Button>
          <Button
            size="small"
            startIcon={<DriveFileMoveOutlinedIcon />}
            disabled={toMove.length === 0}
            onClick={() => onOpen({ kind: 'move' })}
          >
            {toMove.length > 1
              ? translate('hierarchy.move_many', { count: toMove.length })
              : translate('hierarchy.move')}
          </Button>
        </>
      )}
      {can.delete && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          disabled={toDelete.length === 0}
          onClick={() => onOpen({ kind: 'delete', ids: toDelete })}
        >
          {toDelete.length > 1
            ? translate('hierarchy.delete_many', { count: toDelete.length })
            : translate('hierarchy.delete')}
        </Button>
      )}
    </Stack>
  );
}
